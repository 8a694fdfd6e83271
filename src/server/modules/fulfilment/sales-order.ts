import { asc, eq, sql } from "drizzle-orm";
import type { PaymentMethod } from "../../../shared/contracts/checkout.ts";
import {
  type AfterDelivery,
  type DeliveredRefund,
  PICK_LIST_STATUSES,
  type PickList,
  type PickListStatus,
  type SalesOrder,
} from "../../../shared/contracts/sales.ts";
import { refundWindowEndsAt } from "../../../shared/rules/delivered-refund.ts";
import {
  FULFILMENT_MESSAGES,
  type OrderCancelReason,
  promiseState,
} from "../../../shared/rules/order-fulfilment.ts";
import type { OrderStatus, PaymentStatus } from "../../../shared/rules/order-status.ts";
import { refundStateOf } from "../../../shared/rules/refund-state.ts";
import { type Database, rowsOf } from "../../db/client.ts";
import { preparedOnce } from "../../db/statement-once.ts";
import { AppError } from "../../http/app-error.ts";
import { readLotsTakenBy } from "../inventory/index.ts";
import { creditNoteRefOf, paymentSummaryOf, timelineOf, toOrderView } from "../orders/index.ts";
import { orderEvents, orderLines, orders } from "../orders/schema.ts";
import { payments, refunds } from "../payments/schema.ts";
import { refundableOf } from "./refund-delivered.ts";
import { creditNotes, deliveredRefunds } from "./schema.ts";

export async function findOrderByNumber(db: Database, orderNumber: string) {
  const [order] = await db.select().from(orders).where(eq(orders.orderNumber, orderNumber));
  if (!order) throw new AppError("NOT_FOUND", FULFILMENT_MESSAGES.notFound);
  return order;
}

// After every move and every open of an order: the largest read the board makes.
const salesOrderRead = preparedOnce("sales_order", (db, name) =>
  db.query.orders
    .findFirst({
      where: eq(orders.orderNumber, sql.placeholder("orderNumber")),
      with: {
        lines: { orderBy: asc(orderLines.id) },
        payments: { orderBy: asc(payments.id), limit: 1 },
        events: { orderBy: asc(orderEvents.id) },
        creditNotes: { orderBy: asc(creditNotes.id) },
        refunds: { orderBy: asc(refunds.id) },
        deliveredRefunds: { orderBy: asc(deliveredRefunds.id) },
      },
    })
    .prepare(name),
);

/** Everything the sales manager sees of one order, read in one statement. */
export async function readSalesOrder(
  db: Database,
  orderNumber: string,
  {
    refundWindowHours,
    weightTolerancePercent,
    now = new Date(),
  }: { refundWindowHours: number; weightTolerancePercent: number; now?: Date },
): Promise<SalesOrder> {
  const order = await salesOrderRead(db).execute({ orderNumber });
  if (!order) throw new AppError("NOT_FOUND", FULFILMENT_MESSAGES.notFound);
  const charge = order.payments[0];
  const view = toOrderView(
    order,
    order.lines,
    paymentSummaryOf(order, charge),
    order.creditNotes.map(creditNoteRefOf),
  );
  const deliveredAt = order.deliveredAt?.toISOString() ?? null;
  return {
    orderNumber: order.orderNumber,
    weightTolerancePercent,
    status: order.status as OrderStatus,
    promise: promiseState(
      {
        status: order.status as OrderStatus,
        placedAt: view.placedAt,
        deliveredAt,
        eventTicket: order.eventTicket,
      },
      now,
    ),
    placedAt: view.placedAt,
    deliveredAt,
    customerName: view.customerName,
    locale: view.locale,
    email: order.email,
    phone: order.phone,
    address: order.address,
    city: order.city,
    state: order.state,
    pincode: order.pincode,
    notes: order.notes,
    lines: view.lines.map((line) => ({
      ...line,
      orderedQuantity: line.orderedQuantity ?? line.quantity,
    })),
    subtotalPaise: order.subtotalPaise,
    gstPaise: order.gstPaise,
    deliveryFeePaise: order.deliveryFeePaise,
    totalPaise: order.totalPaise,
    eventTicket: order.eventTicket,
    // An event order's cash payment is its balance: the advance was paid on the event.
    collectPaise: order.eventTicket ? (charge?.amountPaise ?? 0) : order.totalPaise,
    payment: {
      method: order.paymentMethod as PaymentMethod,
      status: order.paymentStatus as PaymentStatus,
      reference: charge?.transactionId ?? null,
      instrument: view.paymentSummary,
    },
    cancelReason: (order.cancelReason as OrderCancelReason | null) ?? null,
    cancelNote: order.cancelNote,
    invoiceNumber: order.invoiceNumber,
    creditNotes: order.creditNotes.map((note) => ({
      number: note.number,
      issuedAt: note.issuedAt.toISOString(),
      totalPaise: note.totalPaise,
      reason: note.reason,
    })),
    refunds: order.refunds.map((refund) => ({
      amountPaise: refund.amountPaise,
      reason: refund.reason,
      state: refundStateOf(refund),
      at: (refund.doneAt ?? refund.createdAt).toISOString(),
    })),
    afterDelivery: order.deliveredAt
      ? afterDeliveryOf(order, order.deliveredAt, refundWindowHours)
      : null,
    timeline: timelineOf(order, order.events),
    now: now.toISOString(),
  };
}

function afterDeliveryOf(
  order: Parameters<typeof refundableOf>[0] & {
    lines: Parameters<typeof refundableOf>[1];
    deliveredRefunds: (typeof deliveredRefunds.$inferSelect)[];
  },
  deliveredAt: Date,
  windowHours: number,
): AfterDelivery {
  const refundable = refundableOf(order, order.lines, order.deliveredRefunds);
  return {
    windowHours,
    windowEndsAt: refundWindowEndsAt(deliveredAt, windowHours).toISOString(),
    refundable: {
      lines: refundable.lines.map(({ productId, units, taxablePaise, gstPaise }) => ({
        productId,
        units,
        taxablePaise,
        gstPaise,
      })),
      deliveryFeePaise: refundable.deliveryFeePaise,
    },
    refunds: order.deliveredRefunds.map((refund) => ({
      creditNoteNumber: refund.creditNoteNumber,
      reason: refund.reason as DeliveredRefund["reason"],
      note: refund.note,
      goods: refund.goods as DeliveredRefund["goods"],
      paidBackBy: refund.paidBackBy as DeliveredRefund["paidBackBy"],
      lines: refund.lines,
      deliveryFeePaise: refund.deliveryFeePaise,
      totalPaise: refund.totalPaise,
      at: refund.createdAt.toISOString(),
      staffName: refund.staffName,
    })),
  };
}

/** The lines of every order in the chosen states, by product, for one round of the shelves. */
export async function readPickList(
  db: Database,
  statuses: readonly PickListStatus[] = PICK_LIST_STATUSES,
  now = new Date(),
): Promise<PickList> {
  const rows = rowsOf<{
    product_id: string;
    name: string;
    unit: string;
    shelf_location: string | null;
    order_id: number;
    order_number: string;
    status: PickListStatus;
    quantity: number;
  }>(
    await db.execute(sql`
      select l.product_id, l.name, l.unit, p.shelf_location, o.id as order_id, o.order_number,
        o.status, l.quantity
      from orders o join order_lines l on l.order_id = o.id
        left join products p on p.id = l.product_id
      where o.status in (${sql.join(
        statuses.map((status) => sql`${status}`),
        sql`, `,
      )}) and l.quantity > 0
      order by l.name, l.product_id, o.placed_at, o.id`),
  );
  const lots = await readLotsTakenBy(db, [...new Set(rows.map((row) => Number(row.order_id)))]);
  const products = new Map<string, PickList["products"][number]>();
  const orderNumbers = new Set<string>();
  for (const row of rows) {
    orderNumbers.add(row.order_number);
    let product = products.get(row.product_id);
    if (!product) {
      product = {
        productId: row.product_id,
        name: row.name,
        unit: row.unit,
        shelfLocation: row.shelf_location,
        totalUnits: 0,
        orders: [],
        lots: lots.get(row.product_id) ?? [],
      };
      products.set(row.product_id, product);
    }
    product.totalUnits += Number(row.quantity);
    product.orders.push({
      orderNumber: row.order_number,
      quantity: Number(row.quantity),
      status: row.status,
    });
  }
  return {
    generatedAt: now.toISOString(),
    statuses: [...statuses],
    orderCount: orderNumbers.size,
    products: [...products.values()],
  };
}
