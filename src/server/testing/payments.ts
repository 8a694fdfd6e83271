// What API suites need to pay online: the shopper's part in the test provider's checkout, and the
// browser's report of its answer to the store.

import { randomUUID } from "node:crypto";
import type { CheckoutSession } from "../../shared/contracts/payments.ts";
import {
  type TestPaymentAttempt,
  testCardAttempt,
  testUpiAttempt,
} from "../../shared/rules/test-payments.ts";
import type { StoreApp } from "../app.ts";
import { type PaymentGateway, ProviderUnavailable } from "../modules/payments/payment-gateway.ts";
import { createRazorpayGateway } from "../modules/payments/razorpay-gateway.ts";
import {
  createTestGateway,
  isTestGateway,
  TEST_EVENT_HEADER,
  TEST_SIGNATURE_HEADER,
  type TestGateway,
} from "../modules/payments/test-gateway.ts";
import { freshAddress, TEST_ORIGIN } from "./customers.ts";
import { type RazorpayStandIn, startRazorpayStandIn } from "./razorpay-stand-in.ts";

export const approvingCard = () => testCardAttempt("4111111111111111");
export const decliningCard = () => testCardAttempt("4000000000000002");
export const approvingUpi = () => testUpiAttempt("success@upi");
export const decliningUpi = () => testUpiAttempt("failure@upi");

/** The store's test provider: the one a test gave it, or the one a demo store made. */
export function testGatewayOf(app: StoreApp): TestGateway {
  const gateway = app.paymentGateway;
  if (!isTestGateway(gateway)) throw new Error("this store does not run the test provider");
  return gateway;
}

export type CheckoutProof = {
  paymentId: string;
  providerOrderId: string;
  signature: string;
};

/** Pays in the provider's checkout as a shopper would; throws on a decline. */
export async function payInCheckout(
  app: StoreApp,
  checkout: Pick<CheckoutSession, "providerOrderId">,
  attempt: TestPaymentAttempt = approvingCard(),
): Promise<CheckoutProof> {
  const result = await testGatewayOf(app).pay(checkout.providerOrderId, attempt);
  if (result.outcome !== "captured") throw new Error(`not paid: ${JSON.stringify(result)}`);
  return {
    paymentId: result.paymentId,
    providerOrderId: checkout.providerOrderId,
    signature: result.signature,
  };
}

/** The browser's report of the checkout's answer to the store. */
export function reportPayment(app: StoreApp, url: string, proof: unknown, cookie = "") {
  return app.inject({
    method: "POST",
    url,
    payload: proof as object,
    headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
    remoteAddress: freshAddress(),
  });
}

/** Delivers a webhook the test provider held, as its servers would. */
export function deliverWebhook(
  app: StoreApp,
  hook: { body: Buffer; headers: Record<string, string> },
) {
  return app.inject({
    method: "POST",
    url: "/api/payments/webhook",
    payload: hook.body,
    headers: hook.headers,
    remoteAddress: freshAddress(),
  });
}

type DriverEvent = "payment.captured" | "payment.failed" | "order.paid" | "refund.processed";

/**
 * One provider as the payment suites drive it, so each runs against the test provider and
 * against Razorpay's stand-in alike: the gateway the store uses, the shopper paying in its
 * checkout, and the webhooks its servers would send.
 */
export type ProviderDriver = {
  name: string;
  /** Made when the suite starts (the stand-in must be listening first). */
  gateway(): Promise<PaymentGateway>;
  pay(
    providerOrderId: string,
    outcome?: "captured" | "failed",
  ): Promise<CheckoutProof | { failed: string; paymentId: string }>;
  webhook(event: DriverEvent, entityId: string): { body: Buffer; headers: Record<string, string> };
  /** What the provider has refunded of a payment. */
  refundedOf(paymentId: string): number;
  /** The refund ids the provider made for a payment. */
  refundIdsOf(paymentId: string): string[];
  /** The provider's next refund calls fail as if it were down. */
  failRefunds(count: number): void;
  /**
   * Razorpay only: a payment authorised (its checkout signs it) but not captured yet, and the
   * capture that follows. The test provider captures at once, so it has none.
   */
  authorizeOnly?(providerOrderId: string): CheckoutProof;
  capture?(paymentId: string): void;
  close(): Promise<void>;
};

export function testProviderDriver(): ProviderDriver {
  const gateway = createTestGateway();
  gateway.holdWebhooks = true;
  let failing = 0;
  const refund = gateway.refund.bind(gateway);
  gateway.refund = async (...args) => {
    if (failing > 0) {
      failing--;
      throw new ProviderUnavailable("test provider refund: not answering");
    }
    return refund(...args);
  };
  const held = (event: string, entityId: string) => {
    const found = [...gateway.heldWebhooks].reverse().find((hook) => {
      const body = JSON.parse(hook.body.toString("utf8"));
      const ids = [body.payment?.paymentId, body.payment?.providerOrderId, body.refund?.refundId];
      return body.event === event && ids.includes(entityId);
    });
    if (!found) throw new Error(`the test provider sent no ${event} for ${entityId}`);
    return found;
  };
  return {
    name: "the test provider",
    gateway: async () => gateway,
    async pay(providerOrderId, outcome = "captured") {
      const result = await gateway.pay(
        providerOrderId,
        outcome === "captured" ? approvingCard() : decliningCard(),
      );
      if (result.outcome === "unknown_order") throw new Error("unknown provider order");
      if (result.outcome === "failed") {
        return { failed: result.reason, paymentId: result.paymentId };
      }
      return {
        paymentId: result.paymentId,
        providerOrderId,
        signature: result.signature,
      };
    },
    webhook(event, entityId) {
      // The test provider tells of a captured payment once; order.paid says the same in other words.
      const hook = held(event === "order.paid" ? "payment.captured" : event, entityId);
      const body = JSON.parse(hook.body.toString("utf8"));
      const resent = Buffer.from(
        JSON.stringify({ ...body, id: `evt_test_${randomUUID()}`, event }),
      );
      return {
        body: resent,
        headers: {
          ...hook.headers,
          [TEST_SIGNATURE_HEADER]: gateway.signWebhook(resent),
          [TEST_EVENT_HEADER]: JSON.parse(resent.toString("utf8")).id,
        },
      };
    },
    refundedOf: (paymentId) =>
      gateway.refunds
        .filter((paid) => paid.paymentId === paymentId)
        .reduce((sum, paid) => sum + paid.amountPaise, 0),
    refundIdsOf: (paymentId) =>
      gateway.refunds.filter((paid) => paid.paymentId === paymentId).map((paid) => paid.refundId),
    failRefunds(count) {
      failing = count;
    },
    close: async () => {},
  };
}

export function razorpayDriver(): ProviderDriver {
  const secrets = {
    keyId: "rzp_test_standin",
    keySecret: "stand-in-key-secret",
    webhookSecret: "stand-in-webhook-secret",
  };
  let standIn: RazorpayStandIn | undefined;
  const started = () => {
    if (!standIn) throw new Error("the Razorpay stand-in has not started");
    return standIn;
  };
  return {
    name: "Razorpay's stand-in",
    async gateway() {
      standIn = await startRazorpayStandIn(secrets);
      return createRazorpayGateway({ ...secrets, apiUrl: standIn.url, timeoutMs: 2_000 });
    },
    async pay(providerOrderId, outcome = "captured") {
      const answer = started().pay(providerOrderId, { method: "card", outcome });
      if (answer.outcome === "failed") {
        return { failed: answer.error.description, paymentId: answer.paymentId };
      }
      return {
        paymentId: answer.paymentId,
        providerOrderId,
        signature: answer.signature,
      };
    },
    webhook: (event, entityId) => started().webhook(event, entityId),
    refundedOf: (paymentId) => started().payments.get(paymentId)?.amount_refunded ?? 0,
    refundIdsOf: (paymentId) =>
      [...started().refunds.values()]
        .filter((refund) => refund.payment_id === paymentId)
        .map((refund) => refund.id),
    failRefunds(count) {
      started().failNext(count, { status: 503 });
    },
    authorizeOnly(providerOrderId) {
      const answer = started().pay(providerOrderId, { method: "card" });
      if (answer.outcome !== "captured") throw new Error("not authorised");
      const payment = started().payments.get(answer.paymentId)!;
      payment.status = "authorized";
      payment.captured = false;
      // Not paid until a payment is captured.
      const order = started().orders.get(providerOrderId)!;
      Object.assign(order, { status: "attempted", amount_paid: 0, amount_due: order.amount });
      return {
        paymentId: answer.paymentId,
        providerOrderId,
        signature: answer.signature,
      };
    },
    capture(paymentId) {
      const payment = started().payments.get(paymentId)!;
      payment.status = "captured";
      payment.captured = true;
      const order = started().orders.get(payment.order_id)!;
      Object.assign(order, { status: "paid", amount_paid: order.amount, amount_due: 0 });
    },
    close: async () => standIn?.close(),
  };
}
