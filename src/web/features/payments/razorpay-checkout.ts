import type { CheckoutSession, PaymentReport } from "../../../shared/contracts/payments.ts";
import { PAYMENT_MESSAGES } from "../../../shared/contracts/payments.ts";
import { STORE } from "../../../shared/store-info.ts";
import type { ProviderOutcome } from "./provider-outcome.ts";

/** What Razorpay Checkout hands its handler after a payment, in Razorpay's names. */
export type RazorpayCheckoutAnswer = {
  razorpay_payment_id: string;
  razorpay_order_id: string;
  razorpay_signature: string;
};

/** Razorpay's answer in the store's words, as the store's payment routes take it. */
export const reportOf = (answer: RazorpayCheckoutAnswer): PaymentReport => ({
  paymentId: answer.razorpay_payment_id,
  signature: answer.razorpay_signature,
  providerOrderId: answer.razorpay_order_id,
});

// The part of Razorpay Checkout (checkout.js) the store uses.
type RazorpayOptions = {
  key: string;
  order_id: string;
  amount: number;
  currency: string;
  name: string;
  description: string;
  prefill: { name: string; email: string; contact: string; method: string };
  theme: { color: string };
  handler(response: RazorpayCheckoutAnswer): void;
  modal: { ondismiss(): void };
};
type RazorpayFailure = { error: { description?: string; reason?: string } };
type RazorpayCheckout = {
  open(): void;
  on(event: "payment.failed", listener: (response: RazorpayFailure) => void): void;
};
declare global {
  interface Window {
    Razorpay?: new (options: RazorpayOptions) => RazorpayCheckout;
  }
}

let loading: Promise<void> | undefined;

/** Loads checkout.js once; a failed load is forgotten, so the next payment tries again. */
function loadScript(url: string): Promise<void> {
  if (window.Razorpay) return Promise.resolve();
  loading ??= new Promise<void>((resolve, reject) => {
    const script = document.createElement("script");
    script.src = url;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => {
      script.remove();
      loading = undefined;
      reject(new Error(PAYMENT_MESSAGES.unavailable));
    };
    document.head.append(script);
  });
  return loading;
}

/**
 * The browser's Razorpay adapter: opens Razorpay Checkout with the parameters the server's
 * Razorpay gateway put in the session (`keyId`, `scriptUrl`).
 *
 * Razorpay keeps its window open after a declined attempt so the shopper can try another card or
 * app there; the decline is remembered and reported only if they then close the window. So a
 * retry that succeeds inside Razorpay's window ends as paid, and one that is given up as failed.
 */
export async function openRazorpayCheckout(session: CheckoutSession): Promise<ProviderOutcome> {
  const { keyId, scriptUrl } = session.params;
  if (!keyId || !scriptUrl) return { outcome: "failed", reason: PAYMENT_MESSAGES.unavailable };
  try {
    await loadScript(scriptUrl);
  } catch {
    return { outcome: "failed", reason: PAYMENT_MESSAGES.unavailable };
  }
  const Razorpay = window.Razorpay;
  if (!Razorpay) return { outcome: "failed", reason: PAYMENT_MESSAGES.unavailable };
  return new Promise<ProviderOutcome>((resolve) => {
    let lastFailure: string | undefined;
    const checkout = new Razorpay({
      key: keyId,
      order_id: session.providerOrderId,
      amount: session.amountPaise,
      currency: session.currency,
      name: STORE.name,
      description: session.description,
      prefill: { ...session.prefill, method: session.method },
      theme: { color: "#2f7d32" },
      handler: (response) => resolve({ outcome: "paid", proof: reportOf(response) }),
      modal: {
        ondismiss: () =>
          resolve(
            lastFailure ? { outcome: "failed", reason: lastFailure } : { outcome: "dismissed" },
          ),
      },
    });
    checkout.on("payment.failed", (response) => {
      lastFailure = response.error.description ?? response.error.reason ?? PAYMENT_MESSAGES.failed;
    });
    checkout.open();
  });
}
