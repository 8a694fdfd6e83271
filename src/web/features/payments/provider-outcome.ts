import type { PaymentReport } from "../../../shared/contracts/payments.ts";

/**
 * How a provider's checkout ended: paid (with the answer the store verifies), closed by the
 * shopper, or failed (the last decline's reason, once the shopper gave up on retrying there).
 */
export type ProviderOutcome =
  | { outcome: "paid"; proof: PaymentReport }
  | { outcome: "dismissed" }
  | { outcome: "failed"; reason: string };
