import { and, eq } from "drizzle-orm";
import type { Transaction } from "../../db/client.ts";
import { payments } from "../payments/schema.ts";

/** What was paid online or in cash so far, and the online charge a refund goes back to. */
export async function paidSoFar(tx: Transaction, bulkOrderId: number) {
  const rows = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.bulkOrderId, bulkOrderId), eq(payments.status, "paid")));
  return {
    total: rows.reduce((sum, payment) => sum + payment.amountPaise, 0),
    charge: rows.find((payment) => payment.transactionId !== null),
  };
}
