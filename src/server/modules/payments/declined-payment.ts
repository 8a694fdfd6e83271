import type { Database } from "../../db/client.ts";
import { payments } from "../../db/schema/index.ts";
import { AppError } from "../../http/app-error.ts";
import type { ChargeResult } from "./payment-gateway.ts";

type Declined = Extract<ChargeResult, { outcome: "declined" }>;

/**
 * Keeps the declined attempt (the shop sees what shoppers tried) and tells the shopper why, that
 * nothing was taken, and that they may try again.
 */
export async function refuseDeclined(
  db: Database,
  charge: Declined,
  attempt: {
    method: string;
    amountPaise: number;
    gateway: string;
    idempotencyKey: string;
    bulkOrderId?: number;
  },
): Promise<never> {
  await db.insert(payments).values({
    ...attempt,
    status: "failed",
    instrumentSummary: charge.instrumentSummary,
    failureReason: charge.reason,
  });
  throw new AppError(
    "PAYMENT_DECLINED",
    `${charge.reason} No money was taken. Please try again or choose another payment method.`,
    "payment",
  );
}
