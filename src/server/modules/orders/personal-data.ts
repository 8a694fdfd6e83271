// An erased customer's orders keep their invoice's numbers, lines, amounts, place of supply
// (city, state, PIN code), rating and times; nothing on it can reach the person any more, nor can
// any browser open it. GST law keeps an invoice's recipient's name and address from ₹50,000, for a
// time (shared/rules/gst-record-keeping).
import { asc, eq, inArray, sql } from "drizzle-orm";
import { ACCOUNT_DELETION_MESSAGES as WORDS } from "../../../shared/contracts/account-deletion.ts";
import {
  gstRecordKeptUntil,
  invoiceNamesRecipient,
} from "../../../shared/rules/gst-record-keeping.ts";
import type { Database, Transaction } from "../../db/client.ts";
import {
  type ErasingCustomer,
  erasedAddressSql,
  isoOf,
  type PersonalDataPart,
} from "../../personal-data.ts";
import { orderLines, orders } from "./schema.ts";

async function eraseOrders(tx: Transaction, who: ErasingCustomer) {
  const owned = await tx
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      email: orders.email,
      invoiceNumber: orders.invoiceNumber,
      invoicedAt: orders.invoicedAt,
      subtotalPaise: orders.subtotalPaise,
      deliveryFeePaise: orders.deliveryFeePaise,
    })
    .from(orders)
    .where(eq(orders.customerId, who.account.id))
    .for("update");
  if (owned.length === 0) return;
  for (const order of owned) {
    who.orders.push({ id: order.id, orderNumber: order.orderNumber });
    who.addresses.add(order.email.toLowerCase());
  }
  const ids = owned.map((order) => order.id);
  const kept = owned.filter(invoiceNamesRecipient);
  const keptIds = new Set(kept.map((order) => order.id));
  await tx
    .update(orders)
    .set({
      customerId: null,
      email: erasedAddressSql(sql`${orders.orderNumber}`),
      phone: "",
      notes: "",
      browserKeyHash: "",
      networkKey: null,
      updatedAt: sql`now()`,
    })
    .where(inArray(orders.id, ids));
  const named = ids.filter((id) => !keptIds.has(id));
  if (named.length > 0) {
    await tx
      .update(orders)
      .set({
        firstName: WORDS.erasedFirstName,
        lastName: WORDS.erasedLastName,
        address: "",
      })
      .where(inArray(orders.id, named));
  }
  for (const order of kept) {
    await tx
      .update(orders)
      .set({ recipientKeptUntil: gstRecordKeptUntil(order.invoicedAt ?? new Date()) })
      .where(eq(orders.id, order.id));
  }
  who.counts.orders = owned.length;
  who.counts.keptRecipients = kept.length;
}

async function exportOrders(db: Database, customerId: string) {
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
  return {
    orders: placed.map((order) => ({
      orderNumber: order.orderNumber,
      placedAt: isoOf(order.placedAt),
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
      ratedAt: isoOf(order.ratedAt),
      lines: lines
        .filter((line) => line.orderId === order.id)
        .map((line) => ({
          product: line.name,
          unit: line.unit,
          quantity: line.quantity,
          unitPricePaise: line.unitPricePaise,
        })),
    })),
  };
}

/** Orders and their lines (the lines name products and prices, the order the person). */
export const ordersPersonalData: PersonalDataPart = {
  tables: [orders, orderLines],
  eraseCustomer: eraseOrders,
  exportCustomer: exportOrders,
};

/**
 * Once GST law no longer keeps an erased customer's invoice recipient (orders.recipient_kept_until,
 * an India day), the name and delivery address go as on every other erased order. Up to `batch`
 * orders a call, skipping rows another instance holds; answers how many.
 */
export async function eraseExpiredRecipients(db: Database, today: string, batch: number) {
  const due = db
    .select({ id: orders.id })
    .from(orders)
    .where(sql`${orders.recipientKeptUntil} < ${today}`)
    .limit(batch)
    .for("update", { skipLocked: true });
  const erased = await db
    .update(orders)
    .set({
      firstName: WORDS.erasedFirstName,
      lastName: WORDS.erasedLastName,
      address: "",
      recipientKeptUntil: null,
      updatedAt: sql`now()`,
    })
    .where(inArray(orders.id, due))
    .returning({ id: orders.id });
  return erased.length;
}
