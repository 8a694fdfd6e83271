import { eq } from "drizzle-orm";
import type { Database, Transaction } from "../../db/client.ts";
import { payments, refunds } from "../payments/schema.ts";

export type BulkCharge = { transactionId: string; gateway: string; refundablePaise: number };

export type PaidSoFar = {
  /** Paid online or in cash and not given back (a refund owed counts as given back). */
  total: number;
  /** The online charges a refund can go back to, newest first, with what each has left. */
  charges: BulkCharge[];
  /** An approved cash-on-delivery order: everything is collected on delivery. */
  cashOnDelivery: boolean;
  /** How the latest payment was made or is due, e.g. "Visa ending 1111"; null before any. */
  summary: string | null;
};

/** What an event order's planner has paid so far, and where money owed back can go. */
export async function paidSoFar(
  db: Database | Transaction,
  bulkOrderId: number,
): Promise<PaidSoFar> {
  const [paid, returned] = await Promise.all([
    db.select().from(payments).where(eq(payments.bulkOrderId, bulkOrderId)),
    db.select().from(refunds).where(eq(refunds.bulkOrderId, bulkOrderId)),
  ]);
  // A payment all given back reads "refunded"; its refund is counted below like any other.
  const taken = paid.filter(
    (payment) => payment.status === "paid" || payment.status === "refunded",
  );
  const givenBack = (transactionId: string | null) =>
    returned
      .filter((refund) => transactionId === null || refund.transactionId === transactionId)
      .reduce((sum, refund) => sum + refund.amountPaise, 0);
  return {
    total: taken.reduce((sum, payment) => sum + payment.amountPaise, 0) - givenBack(null),
    charges: taken
      .filter((payment) => payment.transactionId !== null)
      .sort((a, b) => b.id - a.id)
      .map((payment) => ({
        transactionId: payment.transactionId!,
        gateway: payment.gateway,
        refundablePaise: payment.amountPaise - givenBack(payment.transactionId),
      }))
      .filter((charge) => charge.refundablePaise > 0),
    cashOnDelivery: paid.some(
      (payment) => payment.method === "cash_on_delivery" && payment.status === "pending",
    ),
    // Paid online, or due on delivery for an approved cash-on-delivery request.
    summary:
      paid
        .filter((payment) => payment.status === "paid" || payment.status === "pending")
        .sort((a, b) => b.id - a.id)[0]?.instrumentSummary ?? null,
  };
}
