import { and, asc, eq, inArray, ne } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { customerAddresses } from "../addresses/schema.ts";
import { users } from "../auth/schema.ts";
import { bulkOrders } from "../bulk-orders/schema.ts";
import { orderLines, orders } from "../orders/schema.ts";
import { supportMessages, supportTickets } from "../support/schema.ts";

const iso = (value: Date | string | null) =>
  value === null ? null : new Date(value).toISOString();

/**
 * Everything the store keeps about a customer's account, as they can take it away (India's
 * DPDP Act gives a right to it): the account, saved addresses, orders with their lines and
 * ratings, support tickets with the conversation they saw, and bulk requests. Staff's internal
 * notes on a ticket are the shop's working notes, not the customer's conversation, and stay out.
 */
export async function collectAccountData(db: Database, customerId: string) {
  const [user] = await db.select().from(users).where(eq(users.id, customerId));
  if (!user) return undefined;
  const addresses = await db
    .select()
    .from(customerAddresses)
    .where(eq(customerAddresses.customerId, customerId))
    .orderBy(asc(customerAddresses.id));
  const placed = await db
    .select()
    .from(orders)
    .where(eq(orders.customerId, customerId))
    .orderBy(asc(orders.placedAt), asc(orders.id));
  const lines = placed.length
    ? await db
        .select()
        .from(orderLines)
        .where(
          inArray(
            orderLines.orderId,
            placed.map((order) => order.id),
          ),
        )
        .orderBy(asc(orderLines.id))
    : [];
  const tickets = await db
    .select()
    .from(supportTickets)
    .where(eq(supportTickets.customerId, customerId))
    .orderBy(asc(supportTickets.id));
  const thread = tickets.length
    ? await db
        .select()
        .from(supportMessages)
        .where(
          and(
            inArray(
              supportMessages.ticketId,
              tickets.map((ticket) => ticket.id),
            ),
            ne(supportMessages.kind, "note"),
          ),
        )
        .orderBy(asc(supportMessages.id))
    : [];
  const bulk = await db
    .select()
    .from(bulkOrders)
    .where(eq(bulkOrders.customerId, customerId))
    .orderBy(asc(bulkOrders.id));

  return {
    exportedAt: new Date().toISOString(),
    account: {
      name: user.name,
      email: user.email,
      emailVerified: user.emailVerified,
      createdAt: iso(user.createdAt),
    },
    addresses: addresses.map((row) => ({
      label: row.label,
      address: row.address,
      city: row.city,
      state: row.state,
      pincode: row.pincode,
      isDefault: row.isDefault,
    })),
    orders: placed.map((order) => ({
      orderNumber: order.orderNumber,
      placedAt: iso(order.placedAt),
      status: order.status,
      firstName: order.firstName,
      lastName: order.lastName,
      email: order.email,
      phone: order.phone,
      delivery: {
        address: order.address,
        city: order.city,
        state: order.state,
        pincode: order.pincode,
      },
      notes: order.notes,
      // An open cash order's network (an address, or an IPv6 /64), kept while it is open.
      placedFromNetwork: order.networkKey,
      paymentMethod: order.paymentMethod,
      paymentStatus: order.paymentStatus,
      totalPaise: order.totalPaise,
      rating: order.rating,
      ratedAt: iso(order.ratedAt),
      lines: lines
        .filter((line) => line.orderId === order.id)
        .map((line) => ({
          product: line.name,
          unit: line.unit,
          quantity: line.quantity,
          unitPricePaise: line.unitPricePaise,
        })),
    })),
    supportTickets: tickets.map((ticket) => ({
      reference: ticket.reference,
      createdAt: iso(ticket.createdAt),
      status: ticket.status,
      queryType: ticket.queryType,
      name: ticket.name,
      email: ticket.email,
      phone: ticket.phone,
      orderNumber: ticket.orderNumber,
      message: ticket.message,
      conversation: thread
        .filter((entry) => entry.ticketId === ticket.id)
        .map((entry) => ({
          from: entry.kind === "answer" ? "you" : (entry.staffName ?? "Fresh Harvest Hub"),
          at: iso(entry.createdAt),
          text: entry.body,
        })),
    })),
    bulkRequests: bulk.map((request) => ({
      ticketId: request.ticketId,
      createdAt: iso(request.createdAt),
      status: request.status,
      name: request.name,
      email: request.email,
      phone: request.phone,
      eventType: request.eventType,
      products: request.products,
      location: request.location,
      deliveryDate: request.deliveryDate,
    })),
  };
}
