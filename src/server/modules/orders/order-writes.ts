// The changes other modules make to an order, as queries the caller runs in its own transaction
// (adding a RETURNING where it needs the row) or as CTEs it composes into its one statement.
import { and, eq, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { PgUpdateSetSource } from "drizzle-orm/pg-core";
import type { ForwardMove } from "../../../shared/rules/order-fulfilment.ts";
import type { OrderStatus } from "../../../shared/rules/order-status.ts";
import type { Database, Transaction } from "../../db/client.ts";
import { orderLines, orders } from "./schema.ts";

type Writer = Transaction | Database;

/** The timestamp each state writes. */
const AT_FIELD = {
  confirmed: "confirmedAt",
  packed: "packedAt",
  out_for_delivery: "outForDeliveryAt",
  delivered: "deliveredAt",
  cancelled: "cancelledAt",
} as const satisfies Record<ForwardMove | "cancelled", keyof typeof orders.$inferInsert>;

/**
 * A staff move's state change, guarded by the state it starts from in the same statement (a
 * second manager pressing at once waits for the row, then finds it moved), with the move's
 * timestamp and whatever else the move sets.
 */
export function orderStatusChange(
  tx: Writer,
  orderNumber: string | SQLWrapper,
  from: OrderStatus,
  to: ForwardMove | "cancelled",
  extra: PgUpdateSetSource<typeof orders> = {},
) {
  return tx
    .update(orders)
    .set({ status: to, [AT_FIELD[to]]: sql`now()`, updatedAt: sql`now()`, ...extra })
    .where(and(eq(orders.orderNumber, orderNumber), eq(orders.status, from)));
}

/** A delivered cash order is paid; any other keeps its payment state. */
export const orderCashPaidOnDelivery = (): PgUpdateSetSource<typeof orders> => ({
  paymentStatus: sql`case when ${orders.paymentMethod} = 'cash' then 'paid' else ${orders.paymentStatus} end`,
});

/** The GST invoice's serial and date, once the order leaves the store. */
export function orderInvoiced(
  tx: Writer,
  orderId: number,
  invoice: { invoiceNumber: string; invoicedAt: Date },
) {
  return tx.update(orders).set(invoice).where(eq(orders.id, orderId));
}

/** A line packed short: the units supplied and their value, keeping what was first ordered. */
export function orderLineShortPicked(
  tx: Writer,
  lineId: number,
  supplied: {
    quantity: number;
    packedQuantity: number | null;
    taxablePaise: number;
    gstPaise: number;
  },
) {
  return tx
    .update(orderLines)
    .set({
      ...supplied,
      orderedQuantity: sql`coalesce(${orderLines.orderedQuantity}, ${orderLines.quantity})`,
    })
    .where(eq(orderLines.id, lineId));
}

/** The order's totals after a short-pick. */
export function orderRepriced(
  tx: Writer,
  orderId: number,
  totals: { subtotalPaise: number; gstPaise: number; deliveryFeePaise: number; totalPaise: number },
) {
  return tx
    .update(orders)
    .set({ ...totals, updatedAt: sql`now()` })
    .where(eq(orders.id, orderId));
}

/** An online order whose hold ended unpaid: cancelled, its payment failed. */
export function orderUnpaidCancelled(tx: Writer, orderId: number) {
  return tx
    .update(orders)
    .set({
      status: "cancelled",
      cancelledAt: sql`now()`,
      cancelReason: "unpaid",
      paymentStatus: "failed",
      paymentDueAt: null,
      updatedAt: sql`now()`,
    })
    .where(eq(orders.id, orderId));
}

/**
 * `name as (...)`: the order awaiting its online payment is paid and placed at `placedAt`;
 * returns its id, or nothing when it no longer awaits it.
 */
export function orderPaidPartSql(name: string, orderId: number, placedAt: Date): SQL {
  return sql`${sql.raw(name)} as (
            update orders set status = 'placed', payment_status = 'paid',
              placed_at = ${placedAt.toISOString()}::timestamptz, payment_due_at = null,
              updated_at = now()
            where id = ${orderId} and status = 'awaiting_payment'
            returning id
          )`;
}

/**
 * `name as (...)`: the order awaiting its online payment is placed at `placedAt` to be paid in
 * cash, counted under `networkKey`, only while `allowed` holds; returns its id, or nothing.
 */
export function orderToCashPartSql(
  name: string,
  order: { id: number; placedAt: Date; networkKey: string },
  allowed: SQL,
): SQL {
  return sql`${sql.raw(name)} as (
        update orders set status = 'placed', payment_method = 'cash', payment_status = 'pending',
          placed_at = ${order.placedAt.toISOString()}::timestamptz, payment_due_at = null,
          network_key = ${order.networkKey}::text, updated_at = now()
        where id = ${order.id} and status = 'awaiting_payment'
          and ${allowed}
        returning id
      )`;
}

/**
 * `name as (...)`: a cancelled order paid online reads refunded once its payment is back, when
 * `paidWith` holds (the refund is of the payment it was paid with); returns its id, or nothing.
 */
export function orderRefundedPartSql(name: string, orderId: SQL, paidWith: SQL): SQL {
  return sql`${sql.raw(name)} as (
      update orders set payment_status = 'refunded'
      where id = ${orderId} and status = 'cancelled'
        and payment_status = 'paid'
        and ${paidWith}
      returning id
    )`;
}

/**
 * Forgets the network of orders that no longer count (delivered, cancelled or paid): the
 * address is the shopper's personal data and was kept only for the open cash orders' count. Up
 * to `batch` rows; rows another instance is updating are skipped. Answers the rows cleared.
 */
export function closedNetworksForgotten(db: Writer, batch: number) {
  return db.execute(sql`
    update orders set network_key = null
    where id in (
      select id from orders
      where network_key is not null
        and not (payment_method = 'cash' and payment_status <> 'paid'
          and status not in ('delivered', 'cancelled'))
      limit ${batch}
      for update skip locked
    )
    returning id`);
}
