// How the test provider's checkout page, in its frame, tells the store's page how it ended: as
// window messages between two pages of one origin, each checked for where it came from.
import type { PaymentReport } from "../../../shared/contracts/payments.ts";

const SOURCE = "fhh-test-checkout";

export type TestCheckoutMessage =
  | { type: "paid"; proof: PaymentReport }
  | { type: "failed"; reason: string }
  | { type: "dismissed" };

/** Sent by the checkout page to the store's page that framed it, and to no other origin. */
export function tellStore(message: TestCheckoutMessage) {
  if (window.parent === window) return;
  window.parent.postMessage({ source: SOURCE, ...message }, window.location.origin);
}

/** The checkout's message, if this event is one from the given frame of our own origin. */
export function checkoutMessageOf(
  event: MessageEvent,
  frame: Window | null | undefined,
): TestCheckoutMessage | undefined {
  if (event.origin !== window.location.origin || !frame || event.source !== frame) return undefined;
  const data = event.data as Partial<{ source: string; type: string }> & Record<string, unknown>;
  if (typeof data !== "object" || data === null || data.source !== SOURCE) return undefined;
  if (data.type === "dismissed") return { type: "dismissed" };
  if (data.type === "failed" && typeof data.reason === "string") {
    return { type: "failed", reason: data.reason };
  }
  const proof = data.proof as Partial<PaymentReport> | undefined;
  if (
    data.type === "paid" &&
    typeof proof?.paymentId === "string" &&
    typeof proof.signature === "string"
  ) {
    return {
      type: "paid",
      proof: {
        paymentId: proof.paymentId,
        signature: proof.signature,
        ...(typeof proof.providerOrderId === "string"
          ? { providerOrderId: proof.providerOrderId }
          : {}),
      },
    };
  }
  return undefined;
}
