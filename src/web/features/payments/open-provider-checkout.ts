import type { CheckoutSession } from "../../../shared/contracts/payments.ts";
import type { ProviderOutcome } from "./provider-outcome.ts";
import { openRazorpayCheckout } from "./razorpay-checkout.ts";

export type { ProviderOutcome } from "./provider-outcome.ts";

/**
 * Opens the payment provider's checkout for a session the store made and waits for how it ends.
 * Card numbers, CVVs and UPI IDs are typed there, never into the store's pages. The test
 * provider's window is loaded only when a store runs it (demo mode and tests).
 */
export async function openProviderCheckout(session: CheckoutSession): Promise<ProviderOutcome> {
  if (session.provider === "razorpay") return openRazorpayCheckout(session);
  const { openTestCheckout } = await import("./test-checkout-dialog.tsx");
  return openTestCheckout(session);
}
