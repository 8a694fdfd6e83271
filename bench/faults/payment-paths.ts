// The shopper's part in the provider's checkout, for the two providers a fault run uses: the demo
// store's own test provider (it lives in the store's process, so a crash takes its orders with
// it), or Razorpay's stand-in running in the bench's process (outside every store, as Razorpay
// is, so several instances share it and a crash leaves it alone), which also sends the webhooks.
import { setTimeout as sleep } from "node:timers/promises";
import { WEBHOOK_PATH } from "../../src/server/modules/payments/webhook-routes.ts";
import {
  type RazorpayStandIn,
  startRazorpayStandIn,
} from "../../src/server/testing/razorpay-stand-in.ts";
import { TEST_PROVIDER_API } from "../../src/shared/contracts/test-provider.ts";
import {
  APPROVING_TEST_CARD,
  APPROVING_TEST_UPI,
  testCardAttempt,
  testUpiAttempt,
} from "../../src/shared/rules/test-payments.ts";
import { type Answer, httpCall } from "./http-call.ts";

export type Proof = {
  paymentId: string;
  providerOrderId: string;
  signature: string;
};

export type PayOutcome =
  | { kind: "captured"; proof: Proof }
  /** The provider does not know the order: it was made by a store process that has died. */
  | { kind: "lost" }
  /** No usable answer from the provider (its store is down): the shopper may press Pay again. */
  | { kind: "unanswered"; answer: Answer };

export type PaymentPath = {
  name: string;
  /** What the store instances need to use this provider. */
  env: Record<string, string>;
  /**
   * Pays as the shopper does in the provider's checkout; `send` makes the call through the
   * bench's tally when the provider is reached over HTTP.
   */
  pay(
    providerOrderId: string,
    method: "card" | "upi",
    send: (path: string, body: unknown) => Promise<Answer>,
  ): Promise<PayOutcome>;
  /** Refunds the provider made beyond what a payment took, or twice under one reference. */
  overRefunded(): string[] | undefined;
  /** Waits for the webhooks still on their way (while the stores still answer). */
  settle(): Promise<void>;
  close(): Promise<void>;
};

/** The demo store's built-in test provider, reached through the store (or the proxy). */
export function demoProvider(): PaymentPath {
  return {
    name: "the demo's test provider (in each store process)",
    env: { PAYMENT_PROVIDER: "test" },
    async pay(providerOrderId, method, send) {
      const attempt =
        method === "card"
          ? testCardAttempt(APPROVING_TEST_CARD.replaceAll(" ", ""))
          : testUpiAttempt(APPROVING_TEST_UPI);
      const answer = await send(`${TEST_PROVIDER_API}/orders/${providerOrderId}/payments`, attempt);
      if (answer.status === 200) {
        const paid = answer.body as Record<string, string>;
        const proof: Proof = {
          paymentId: paid.paymentId!,
          providerOrderId: paid.providerOrderId!,
          signature: paid.signature!,
        };
        return { kind: "captured", proof };
      }
      if (answer.status === 404) return { kind: "lost" };
      return { kind: "unanswered", answer };
    },
    overRefunded: () => undefined,
    // Its webhook leaves the store 2 s after a payment (gateway-choice.ts).
    settle: () => sleep(2500),
    close: async () => {},
  };
}

const STAND_IN_SECRETS = {
  keyId: "rzp_test_faults",
  keySecret: "faults-stand-in-key-secret",
  webhookSecret: "faults-stand-in-webhook-secret",
};
/** Razorpay's webhooks come a little after the checkout's answer, and again until answered 200. */
const WEBHOOK_AFTER_MS = 1500;
const WEBHOOK_RETRY_MS = 1000;
const WEBHOOK_TRIES = 30;

/**
 * Razorpay's stand-in in this process: the stores call its API over loopback HTTP, the shopper
 * pays in its "checkout", and its webhooks go to `webhookBase()` (the proxy), retried as
 * Razorpay retries them until one is answered 200.
 */
export async function standInProvider(webhookBase: () => string): Promise<PaymentPath> {
  const standIn: RazorpayStandIn = await startRazorpayStandIn(STAND_IN_SECRETS);
  let closed = false;
  const pending = new Set<Promise<void>>();
  const deliver = async (paymentId: string) => {
    await sleep(WEBHOOK_AFTER_MS);
    for (let attempt = 0; attempt < WEBHOOK_TRIES && !closed; attempt++) {
      const hook = standIn.webhook("payment.captured", paymentId);
      const answer = await httpCall({
        base: webhookBase(),
        path: WEBHOOK_PATH,
        rawBody: hook.body,
        headers: hook.headers,
      });
      if (answer.status === 200) return;
      await sleep(WEBHOOK_RETRY_MS);
    }
  };
  return {
    name: "Razorpay's stand-in (outside the stores, shared by them: the shopper pays it in the bench's process, so no provider requests are counted; its webhooks come through the proxy)",
    env: {
      PAYMENT_PROVIDER: "razorpay",
      RAZORPAY_KEY_ID: STAND_IN_SECRETS.keyId,
      RAZORPAY_KEY_SECRET: STAND_IN_SECRETS.keySecret,
      RAZORPAY_WEBHOOK_SECRET: STAND_IN_SECRETS.webhookSecret,
      RAZORPAY_API_URL: standIn.url,
    },
    async pay(providerOrderId) {
      if (!standIn.orders.has(providerOrderId)) return { kind: "lost" };
      const answer = standIn.pay(providerOrderId, { method: "card" });
      if (answer.outcome !== "captured")
        throw new Error(`the stand-in declined ${providerOrderId}`);
      const delivery = deliver(answer.paymentId).finally(() => pending.delete(delivery));
      pending.add(delivery);
      return {
        kind: "captured",
        proof: {
          paymentId: answer.paymentId,
          providerOrderId,
          signature: answer.signature,
        },
      };
    },
    overRefunded() {
      const problems: string[] = [];
      for (const payment of standIn.payments.values()) {
        if (payment.amount_refunded > payment.amount) {
          problems.push(`${payment.id}: ${payment.amount_refunded} refunded of ${payment.amount}`);
        }
      }
      const references = new Map<string, number>();
      for (const refund of standIn.refunds.values()) {
        const reference = String((refund.notes as Record<string, unknown>)?.reference ?? refund.id);
        references.set(reference, (references.get(reference) ?? 0) + 1);
      }
      for (const [reference, n] of references) {
        if (n > 1) problems.push(`${n} refunds under the store's reference ${reference}`);
      }
      return problems;
    },
    async settle() {
      await Promise.allSettled([...pending]);
    },
    async close() {
      closed = true;
      await Promise.allSettled([...pending]);
      await standIn.close();
    },
  };
}
