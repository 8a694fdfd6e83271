import type { CheckoutSession } from "../../../shared/contracts/payments.ts";
import { PAYMENT_MESSAGES } from "../../../shared/contracts/payments.ts";
import type { I18n } from "../../../shared/i18n/translator.ts";
import type { ProviderOutcome } from "./provider-outcome.ts";
import { openRazorpayCheckout } from "./razorpay-checkout.ts";

export type { ProviderOutcome } from "./provider-outcome.ts";

/** `i18n`: the page's translator, for a window the store draws itself in the page's language. */
type OpenCheckout = (session: CheckoutSession, i18n?: I18n) => Promise<ProviderOutcome>;

/**
 * Each provider's browser adapter, by the kind its server gateway names in the session. The test
 * provider's window is loaded only when a store runs it (demo mode and tests).
 */
const ADAPTERS: Record<string, () => Promise<OpenCheckout>> = {
  razorpay: async () => openRazorpayCheckout,
  test: async () => (await import("./test-checkout-dialog.tsx")).openTestCheckout,
};

/**
 * Opens the payment provider's checkout for a session the store made and waits for how it ends.
 * Card numbers, CVVs and UPI IDs are typed there, never into the store's pages.
 */
export async function openProviderCheckout(
  session: CheckoutSession,
  i18n?: I18n,
): Promise<ProviderOutcome> {
  const adapter = Object.hasOwn(ADAPTERS, session.provider)
    ? ADAPTERS[session.provider]
    : undefined;
  if (!adapter) return { outcome: "failed", reason: PAYMENT_MESSAGES.unavailable };
  return (await adapter())(session, i18n);
}
