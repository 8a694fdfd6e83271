// The payments table is written here only: an order's or a bulk request's module records, marks
// and releases its payments through these, in its own transaction, or composes a fragment into
// its own one statement (an order placed, a payment taken or switched to cash, a delivery).
import { and, eq, inArray, or, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import { BULK_PAYMENT_METHOD_LABELS } from "../../../shared/contracts/bulk-orders.ts";
import { PAYMENT_METHOD_LABELS } from "../../../shared/contracts/checkout.ts";
import type { Transaction } from "../../db/client.ts";
import type { OrBound } from "../../db/statement-once.ts";
import type { CapturedPayment } from "./payment-intake.ts";
import { payments } from "./schema.ts";

export type NewPayment = typeof payments.$inferInsert;

/** A payment as its owner records it (a bulk request's advance, balance, or cash due). */
export async function recordPayment(tx: Transaction, payment: NewPayment): Promise<void> {
  await tx.insert(payments).values(payment);
}

/** A bulk request's payments still waiting (cash due on delivery, an advance not made) end. */
export async function cancelPendingBulkPayments(tx: Transaction, bulkOrderId: number) {
  await tx
    .update(payments)
    .set({ status: "cancelled", updatedAt: new Date() })
    .where(and(eq(payments.bulkOrderId, bulkOrderId), eq(payments.status, "pending")));
}

/** An approved cash-on-delivery request changed: what its driver collects changes with it. */
export async function setBulkCashDue(tx: Transaction, bulkOrderId: number, amountPaise: number) {
  await tx
    .update(payments)
    .set({ amountPaise, updatedAt: new Date() })
    .where(
      and(
        eq(payments.bulkOrderId, bulkOrderId),
        eq(payments.method, "cash_on_delivery"),
        eq(payments.status, "pending"),
      ),
    );
}

/** Takes a waiting payment with the provider's capture; false when it no longer waits. */
export async function markPaymentPaid(
  tx: Transaction,
  awaited: { id: number; instrumentSummary: string },
  captured: CapturedPayment,
): Promise<boolean> {
  const paid = await tx
    .update(payments)
    .set({
      status: "paid",
      transactionId: captured.paymentId,
      instrumentSummary: captured.summary ?? awaited.instrumentSummary,
      failureReason: null,
      updatedAt: new Date(),
    })
    .where(and(eq(payments.id, awaited.id), eq(payments.status, "pending")))
    .returning({ id: payments.id });
  return paid.length > 0;
}

/** An order's hold ended unpaid: its waiting payments fail (a reason already given stays). */
/**
 * An event order packed short: its cash to collect (the balance after the advance) falls by what
 * the missing units cost, never below nothing.
 */
export const cashDueLowered = (tx: Transaction, orderId: number, byPaise: number): SQLWrapper =>
  tx
    .update(payments)
    .set({
      amountPaise: sql`greatest(${payments.amountPaise} - ${byPaise}::integer, 0)`,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(payments.orderId, orderId),
        eq(payments.method, "cash"),
        eq(payments.status, "pending"),
      ),
    );

export async function failUnpaidOrderPayments(tx: Transaction, orderId: number) {
  await tx
    .update(payments)
    .set({
      status: "failed",
      failureReason: sql`coalesce(${payments.failureReason}, 'Not paid in time')`,
      updatedAt: sql`now()`,
    })
    .where(sql`${payments.orderId} = ${orderId} and ${payments.status} = 'pending'`);
}

/** A cash order delivered is paid: a write for the delivery's one statement. */
export const cashPaidOnDelivery = (tx: Transaction, orderId: number): SQLWrapper =>
  tx
    .update(payments)
    .set({ status: "paid", updatedAt: sql`now()` })
    .where(and(eq(payments.orderId, orderId), eq(payments.method, "cash")));

/**
 * The payment row of an order being placed, as a statement part: inserted from the order's
 * `placed` part (the cte that inserts the order and answers its id), so both or neither exist.
 * Each value may be the parameter that carries it (a statement made once, write-order.ts).
 */
export function placedPaymentSql(
  payment: OrBound<
    Pick<NewPayment, "method" | "status" | "amountPaise" | "gateway" | "instrumentSummary"> &
      Pick<NewPayment, "transactionId" | "idempotencyKey" | "providerOrderId">
  >,
  placed: string,
): SQL {
  const from = sql.raw(placed);
  return sql`insert into payments (
        order_id, method, status, amount_paise, gateway, transaction_id, instrument_summary,
        idempotency_key, provider_order_id
      )
      select ${from}.id, ${payment.method}, ${payment.status}, ${payment.amountPaise}::integer,
        ${payment.gateway}, ${payment.transactionId ?? null}, ${payment.instrumentSummary},
        ${payment.idempotencyKey ?? null}, ${payment.providerOrderId ?? null}
      from ${from}
      returning 1`;
}

/**
 * A waiting payment taken with the provider's capture, as a statement part that writes only
 * when the owner's part `after` changed a row (the order it pays became placed).
 */
export const paymentTakenSql = (
  paymentId: number | SQL,
  captured: OrBound<{ transactionId: string; summary: string }>,
  after: string,
): SQL => sql`update payments set status = 'paid', transaction_id = ${captured.transactionId},
              instrument_summary = ${captured.summary}, failure_reason = null, updated_at = now()
            where id = ${paymentId} and status = 'pending' and exists (select 1 from ${sql.raw(after)})
            returning 1`;

/**
 * An order's waiting payment becomes cash on delivery, as a statement part that writes only when
 * the owner's part `after` moved the order. It keeps its provider order, so a payment that still
 * arrives there is found and refunded.
 */
export const paymentToCashSql = (orderId: number, after: string): SQL =>
  sql`update payments set method = 'cash', instrument_summary = ${PAYMENT_METHOD_LABELS.cash},
          failure_reason = null, updated_at = now()
        where order_id = ${orderId} and status = 'pending' and exists (select 1 from ${sql.raw(after)})
        returning 1`;

/**
 * A UPI ID is a handle the person chose (often their name or number): on an erased customer's
 * orders and bulk requests it becomes the method's label; a card's last 4 stay.
 */
export async function eraseUpiIds(
  tx: Transaction,
  whose: { orderIds: number[]; bulkOrderIds: number[] },
) {
  const owners = [
    ...(whose.orderIds.length > 0 ? [inArray(payments.orderId, whose.orderIds)] : []),
    ...(whose.bulkOrderIds.length > 0 ? [inArray(payments.bulkOrderId, whose.bulkOrderIds)] : []),
  ];
  if (owners.length === 0) return;
  const labels = { ...BULK_PAYMENT_METHOD_LABELS, ...PAYMENT_METHOD_LABELS };
  const cases = Object.entries(labels).map(([method, label]) => sql`when ${method} then ${label}`);
  await tx
    .update(payments)
    .set({
      instrumentSummary: sql`case ${payments.method} ${sql.join(cases, sql` `)} else 'UPI' end`,
    })
    .where(and(or(...owners), sql`${payments.instrumentSummary} like '%@%'`));
}
