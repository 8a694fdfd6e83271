import type { Transaction } from "../../db/client.ts";
import { owe } from "../payments/index.ts";
import type { BulkCharge } from "./paid-so-far.ts";

/**
 * Owes `amountPaise` back to the planner's online charges, newest first, none beyond what it has
 * left (an advance and its top-up are two charges). Each part is named from `reference`, so a
 * retried change or cancel owes it once. Answers what was owed; the rest was paid in cash.
 */
export async function oweBack(
  tx: Transaction,
  owed: { bulkOrderId: number; reference: string; reason: string; amountPaise: number },
  charges: readonly BulkCharge[],
): Promise<number> {
  let left = owed.amountPaise;
  let part = 0;
  for (const charge of charges) {
    if (left <= 0) break;
    const amountPaise = Math.min(left, charge.refundablePaise);
    part += 1;
    await owe(tx, {
      bulkOrderId: owed.bulkOrderId,
      reference: part === 1 ? owed.reference : `${owed.reference}:${part}`,
      transactionId: charge.transactionId,
      gateway: charge.gateway,
      amountPaise,
      reason: owed.reason,
    });
    left -= amountPaise;
  }
  return owed.amountPaise - left;
}
