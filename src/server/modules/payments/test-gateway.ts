import { randomBytes, randomUUID } from "node:crypto";
import { TEST_DECLINES, type TestPaymentAttempt } from "../../../shared/rules/test-payments.ts";
import {
  checkoutSignature,
  hmacHex,
  reportOfCheckoutAnswer,
  signatureMatches,
} from "./hosted-signatures.ts";
import {
  type PaymentGateway,
  type ProviderEvent,
  type ProviderOrder,
  type ProviderPayment,
  type ProviderRefund,
  WebhookRejected,
} from "./payment-gateway.ts";

/** The test provider's name, by which a real store recognises and refuses it. */
export const TEST_GATEWAY_NAME = "test";

export const isTestGateway = (gateway: PaymentGateway | undefined): gateway is TestGateway =>
  gateway?.name === TEST_GATEWAY_NAME && "pay" in gateway;
/** Where the store serves the test provider's checkout page (a page of the web app). */
export const TEST_CHECKOUT_PATH = "/test-checkout";
export const TEST_SIGNATURE_HEADER = "x-test-provider-signature";
export const TEST_EVENT_HEADER = "x-test-provider-event-id";

/** How many orders, payments and refunds the provider remembers (it lives in memory). */
const REMEMBERED = 20_000;

type TestOrder = { amountPaise: number; receipt: string; paidBy: string | null; createdAt: Date };

/** A webhook as the provider would POST it: the exact bytes and headers. */
export type TestWebhook = { body: Buffer; headers: Record<string, string> };

export type TestGatewayOptions = {
  keySecret?: string;
  webhookSecret?: string;
  /** How long after a payment its webhook is sent (0: at once, after the answer). */
  webhookDelayMs?: number;
};

export type TestGateway = PaymentGateway & {
  /** The browser's part: pays a provider order as the checkout page does. */
  pay(
    providerOrderId: string,
    attempt: TestPaymentAttempt,
  ): Promise<
    | { outcome: "captured"; paymentId: string; signature: string }
    | { outcome: "failed"; paymentId: string; reason: string }
    | { outcome: "unknown_order" }
  >;
  /** The order as the checkout page shows it, or undefined when the provider never made it. */
  orderOf(providerOrderId: string): TestOrder | undefined;
  /** Signs a webhook body with the test webhook secret (for tests that forge or replay). */
  signWebhook(body: Buffer): string;
  /**
   * Delivers a webhook to the store, as the provider's servers would (a demo store sets it to
   * its own webhook route). Without it, or with `holdWebhooks`, webhooks wait in `heldWebhooks`
   * for a test to deliver, repeat or reorder.
   */
  deliver: ((webhook: TestWebhook) => Promise<unknown>) | undefined;
  heldWebhooks: TestWebhook[];
  holdWebhooks: boolean;
  /** Refunds actually paid out, in order: what a shopper's bank statement would show. */
  refunds: ProviderRefund[];
  /** Provider orders created. */
  ordersCreated: number;
  /** When set, refund calls throw it: a provider refusing or not answering. */
  refundFailure: Error | undefined;
};

function remember<K, V>(map: Map<K, V>, key: K, value: V) {
  map.set(key, value);
  if (map.size > REMEMBERED) map.delete(map.keys().next().value as K);
}

/**
 * The built-in test provider for demo mode and the tests: Razorpay's flow in memory, with a
 * checkout page the store serves at TEST_CHECKOUT_PATH, signatures and webhooks made with its own
 * secrets. It takes no money.
 */
export function createTestGateway(options: TestGatewayOptions = {}): TestGateway {
  const keySecret = options.keySecret ?? randomBytes(24).toString("hex");
  const webhookSecret = options.webhookSecret ?? randomBytes(24).toString("hex");
  const orders = new Map<string, TestOrder>();
  const payments = new Map<string, ProviderPayment>();
  const refundsByReference = new Map<string, ProviderRefund>();

  const webhook = (type: string, subject: object): TestWebhook => {
    const id = `evt_test_${randomUUID()}`;
    const body = Buffer.from(JSON.stringify({ id, event: type, ...subject }));
    return {
      body,
      headers: {
        "content-type": "application/json",
        [TEST_SIGNATURE_HEADER]: hmacHex(webhookSecret, body),
        [TEST_EVENT_HEADER]: id,
      },
    };
  };
  const send = (hook: TestWebhook) => {
    const deliver = gateway.deliver;
    if (gateway.holdWebhooks || !deliver) {
      gateway.heldWebhooks.push(hook);
      if (gateway.heldWebhooks.length > REMEMBERED) gateway.heldWebhooks.shift();
      return;
    }
    const send = () => void deliver(hook).catch(() => undefined);
    // After the answer, as a provider's servers would: the browser's answer usually arrives first.
    if (!options.webhookDelayMs) setImmediate(send);
    else setTimeout(send, options.webhookDelayMs).unref();
  };

  const gateway: TestGateway = {
    name: TEST_GATEWAY_NAME,
    checkout: {
      kind: "test",
      params: { pagePath: TEST_CHECKOUT_PATH },
      sessionFields: { keyId: "test_key", pagePath: TEST_CHECKOUT_PATH },
    },
    // Its page now answers in the store's own names; a page still open from before answered in
    // Razorpay's checkout's.
    reportOf: reportOfCheckoutAnswer,
    deliver: undefined,
    heldWebhooks: [],
    holdWebhooks: false,
    refunds: [],
    ordersCreated: 0,
    refundFailure: undefined,

    async createOrder(request): Promise<ProviderOrder> {
      const providerOrderId = `order_test_${randomUUID().replaceAll("-", "").slice(0, 14)}`;
      remember(orders, providerOrderId, {
        amountPaise: request.amountPaise,
        receipt: request.receipt,
        paidBy: null,
        createdAt: new Date(),
      });
      gateway.ordersCreated++;
      return { providerOrderId, amountPaise: request.amountPaise };
    },

    verifyPayment(providerOrderId, proof) {
      return signatureMatches(
        checkoutSignature(keySecret, providerOrderId, proof.paymentId),
        proof.signature,
      );
    },

    parseWebhook(rawBody, headers): ProviderEvent {
      if (!signatureMatches(hmacHex(webhookSecret, rawBody), headers[TEST_SIGNATURE_HEADER])) {
        throw new WebhookRejected("The webhook's signature does not match.");
      }
      const event = JSON.parse(rawBody.toString("utf8")) as {
        id: string;
        event: string;
        payment?: ProviderPayment & { createdAt: string };
        refund?: ProviderRefund;
      };
      if (event.payment) {
        const payment = { ...event.payment, createdAt: new Date(event.payment.createdAt) };
        return { id: event.id, type: event.event as "payment.captured", payment };
      }
      if (event.refund) return { id: event.id, type: "refund.processed", refund: event.refund };
      return { id: event.id, type: "ignored", name: event.event };
    },

    async refund(paymentId, amountPaise, reference): Promise<ProviderRefund> {
      if (gateway.refundFailure) throw gateway.refundFailure;
      const previous = refundsByReference.get(reference);
      if (previous) return previous;
      const refund: ProviderRefund = {
        refundId: `rfnd_test_${randomUUID().replaceAll("-", "").slice(0, 14)}`,
        paymentId,
        amountPaise,
        status: "processed",
        reference,
      };
      remember(refundsByReference, reference, refund);
      gateway.refunds.push(refund);
      if (gateway.refunds.length > REMEMBERED) gateway.refunds.shift();
      const payment = payments.get(paymentId);
      if (payment) {
        payment.amountRefundedPaise += amountPaise;
        if (payment.amountRefundedPaise >= payment.amountPaise) payment.status = "refunded";
      }
      send(webhook("refund.processed", { refund }));
      return refund;
    },

    async fetchPayment(paymentId) {
      const payment = payments.get(paymentId);
      if (!payment) throw new Error(`The test provider has no payment ${paymentId}.`);
      return { ...payment };
    },

    async listPayments(from, to) {
      return [...payments.values()]
        .filter((payment) => payment.createdAt >= from && payment.createdAt < to)
        .map((payment) => ({ ...payment }));
    },

    async pay(providerOrderId, attempt) {
      const order = orders.get(providerOrderId);
      if (!order) return { outcome: "unknown_order" };
      const paymentId = `pay_test_${randomUUID().replaceAll("-", "").slice(0, 14)}`;
      const payment: ProviderPayment = {
        paymentId,
        providerOrderId,
        status: attempt.decline ? "failed" : "captured",
        amountPaise: order.amountPaise,
        amountRefundedPaise: 0,
        method: attempt.method,
        summary: attempt.summary,
        failureReason: attempt.decline ? TEST_DECLINES[attempt.decline] : null,
        createdAt: new Date(),
      };
      remember(payments, paymentId, payment);
      if (payment.failureReason) {
        send(webhook("payment.failed", { payment }));
        return { outcome: "failed", paymentId, reason: payment.failureReason };
      }
      order.paidBy = paymentId;
      send(webhook("payment.captured", { payment }));
      return {
        outcome: "captured",
        paymentId,
        signature: checkoutSignature(keySecret, providerOrderId, paymentId),
      };
    },

    orderOf: (providerOrderId) => orders.get(providerOrderId),
    signWebhook: (body) => hmacHex(webhookSecret, body),
  };
  return gateway;
}
