import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type PayOptions,
  type RazorpayStandIn,
  startRazorpayStandIn,
} from "../../testing/razorpay-stand-in.ts";
import { hmacHex } from "./hosted-signatures.ts";
import {
  type PaymentGateway,
  type ProviderEvent,
  ProviderUnavailable,
  WebhookRejected,
} from "./payment-gateway.ts";
import { createRazorpayGateway } from "./razorpay-gateway.ts";

const KEYS = {
  keyId: "rzp_test_StandIn0000001",
  keySecret: "stand-in-key-secret-9f2c",
  webhookSecret: "stand-in-webhook-secret-41d7",
};
const BASIC = `Basic ${Buffer.from(`${KEYS.keyId}:${KEYS.keySecret}`).toString("base64")}`;
const TIMEOUT_MS = 200;

let standIn: RazorpayStandIn;
let gateway: PaymentGateway;
/** Every error the adapter threw in these tests, checked at the end for leaked secrets. */
const thrown: Error[] = [];

beforeAll(async () => {
  standIn = await startRazorpayStandIn(KEYS);
  gateway = createRazorpayGateway({ ...KEYS, apiUrl: standIn.url, timeoutMs: TIMEOUT_MS });
});

afterAll(() => standIn.close());

async function failureOf(promise: Promise<unknown>): Promise<Error> {
  const outcome = await promise.then(
    () => undefined,
    (error: unknown) => error,
  );
  if (!(outcome instanceof Error)) throw new Error(`Expected a failure, got ${String(outcome)}`);
  thrown.push(outcome);
  return outcome;
}

let receipts = 0;
async function paidOrder(amountPaise: number, pay: PayOptions, via = gateway) {
  const order = await via.createOrder({ amountPaise, receipt: `FH-${++receipts}` });
  return { order, answer: standIn.pay(order.providerOrderId, pay) };
}

async function capturedPayment(amountPaise = 50_000) {
  const { answer } = await paidOrder(amountPaise, { method: "card" });
  return answer.paymentId;
}

function parsed(webhook: { body: Buffer; headers: Record<string, string> }): ProviderEvent {
  return gateway.parseWebhook(webhook.body, webhook.headers);
}

describe("createOrder", () => {
  it("sends the amount in paise, INR, the receipt and notes, with basic auth", async () => {
    const order = await gateway.createOrder({
      amountPaise: 24_950,
      receipt: "FH-1042",
      notes: { orderNumber: "FH-1042" },
    });

    expect(order).toEqual({
      providerOrderId: expect.stringMatching(/^order_/),
      amountPaise: 24_950,
    });
    const request = standIn.requests.at(-1)!;
    expect(request).toMatchObject({ method: "POST", path: "/v1/orders", authorization: BASIC });
    expect(request.body).toEqual({
      amount: 24_950,
      currency: "INR",
      receipt: "FH-1042",
      notes: { orderNumber: "FH-1042" },
    });
    expect(standIn.orders.get(order.providerOrderId)).toMatchObject({
      amount: 24_950,
      status: "created",
    });
  });

  it("passes on Razorpay's refusal as a plain error", async () => {
    const error = await failureOf(gateway.createOrder({ amountPaise: 50, receipt: "FH-small" }));
    expect(error).not.toBeInstanceOf(ProviderUnavailable);
    expect(error.message).toContain("The amount must be at least INR 1.00");
  });
});

describe("verifyPayment", () => {
  it("accepts Checkout's signature for the order the store stored", async () => {
    const { order, answer } = await paidOrder(30_000, { method: "card" });
    expect(answer.outcome).toBe("captured");
    if (answer.outcome !== "captured") return;

    expect(gateway.verifyPayment(order.providerOrderId, answer)).toBe(true);
  });

  it("refuses a forged signature, another order's, a non-string and a wrong length", async () => {
    const first = await paidOrder(30_000, { method: "upi" });
    const second = await paidOrder(30_000, { method: "upi" });
    if (first.answer.outcome !== "captured" || second.answer.outcome !== "captured") {
      throw new Error("expected captured payments");
    }
    const orderId = first.order.providerOrderId;
    const { paymentId, signature } = first.answer;
    const verify = (proof: unknown) =>
      gateway.verifyPayment(orderId, proof as { paymentId: string; signature: string });

    const forged = hmacHex("not-the-key-secret", `${orderId}|${paymentId}`);
    expect(verify({ paymentId, signature: forged })).toBe(false);
    // The browser's answer for another order (say, a cheaper one) does not pay for this one.
    expect(verify(second.answer)).toBe(false);
    expect(verify({ paymentId: second.answer.paymentId, signature })).toBe(false);
    for (const wrong of [undefined, null, 42, [signature], { signature }]) {
      expect(verify({ paymentId, signature: wrong })).toBe(false);
    }
    expect(verify({ paymentId, signature: `${signature}0` })).toBe(false);
    expect(verify({ paymentId, signature: signature.slice(0, -1) })).toBe(false);
    expect(verify({ paymentId, signature: "" })).toBe(false);
    expect(verify({ paymentId, signature: signature.toUpperCase() })).toBe(false);
    expect(verify({ paymentId: 7, signature })).toBe(false);
    expect(verify({ paymentId, signature })).toBe(true);
  });
});

describe("parseWebhook", () => {
  it("reads a signed payment.captured for a card, never showing more than four digits", async () => {
    const { order, answer } = await paidOrder(45_000, { method: "card" });
    const webhook = standIn.webhook("payment.captured", answer.paymentId);

    expect(parsed(webhook)).toEqual({
      id: webhook.headers["x-razorpay-event-id"],
      type: "payment.captured",
      payment: {
        paymentId: answer.paymentId,
        providerOrderId: order.providerOrderId,
        status: "captured",
        amountPaise: 45_000,
        amountRefundedPaise: 0,
        method: "card",
        summary: "Visa ending 1111",
        failureReason: null,
        createdAt: expect.any(Date),
      },
    });
  });

  it("reads a failed UPI payment with the reason the shopper saw", async () => {
    const failureReason = "Your bank declined the payment: insufficient balance.";
    const { answer } = await paidOrder(12_000, {
      method: "upi",
      vpa: "ravi@okhdfcbank",
      outcome: "failed",
      failureReason,
    });
    expect(answer).toMatchObject({ outcome: "failed", error: { description: failureReason } });

    const event = parsed(standIn.webhook("payment.failed", answer.paymentId));
    expect(event).toMatchObject({
      type: "payment.failed",
      payment: { status: "failed", method: "upi", summary: "UPI ravi@okhdfcbank", failureReason },
    });
  });

  it("reads order.paid, refund.processed and refund.failed", async () => {
    const { order, answer } = await paidOrder(20_000, { method: "netbanking", bank: "SBIN" });
    expect(parsed(standIn.webhook("order.paid", order.providerOrderId))).toMatchObject({
      type: "order.paid",
      payment: { paymentId: answer.paymentId, summary: "Net banking, SBIN", status: "captured" },
    });

    const refund = await gateway.refund(answer.paymentId, 5_000, "refund-FH-77-short-pick");
    expect(parsed(standIn.webhook("refund.processed", refund.refundId))).toMatchObject({
      type: "refund.processed",
      refund: {
        refundId: refund.refundId,
        paymentId: answer.paymentId,
        amountPaise: 5_000,
        status: "processed",
        reference: "refund-FH-77-short-pick",
      },
    });

    standIn.settleRefund(refund.refundId, "failed");
    expect(parsed(standIn.webhook("refund.failed", refund.refundId))).toMatchObject({
      type: "refund.failed",
      refund: { refundId: refund.refundId, status: "failed" },
    });
  });

  it("gives a resent event the same id and a new event a new one", async () => {
    const paymentId = await capturedPayment();
    const webhook = standIn.webhook("payment.captured", paymentId);
    expect(parsed(webhook).id).toBe(parsed(webhook).id);
    expect(parsed(standIn.webhook("payment.captured", paymentId)).id).not.toBe(parsed(webhook).id);

    const { "x-razorpay-event-id": _, ...withoutId } = webhook.headers;
    const fallback = gateway.parseWebhook(webhook.body, withoutId).id;
    expect(fallback).toBe(createHash("sha256").update(webhook.body).digest("hex"));
  });

  it("reads headers however they are capitalised or repeated", async () => {
    const webhook = standIn.webhook("payment.captured", await capturedPayment());
    const signature = webhook.headers["x-razorpay-signature"]!;
    expect(gateway.parseWebhook(webhook.body, { "X-Razorpay-Signature": signature }).type).toBe(
      "payment.captured",
    );
    expect(gateway.parseWebhook(webhook.body, { "x-razorpay-signature": [signature] }).type).toBe(
      "payment.captured",
    );
  });

  it("acknowledges events it does not act on", () => {
    const body = Buffer.from('{"entity": "event", "event": "payment.authorized", "payload": {}}');
    const headers = { "x-razorpay-signature": hmacHex(KEYS.webhookSecret, body) };
    expect(gateway.parseWebhook(body, headers)).toMatchObject({
      type: "ignored",
      name: "payment.authorized",
    });
  });

  it("rejects a wrong or missing signature and any change to the signed bytes", async () => {
    const webhook = standIn.webhook("payment.captured", await capturedPayment());
    const reject = (body: Buffer, headers: Record<string, string>) => {
      expect(() => gateway.parseWebhook(body, headers)).toThrow(WebhookRejected);
    };

    reject(webhook.body, {
      ...webhook.headers,
      "x-razorpay-signature": hmacHex("not-the-webhook-secret", webhook.body),
    });
    // Signed with the API key secret rather than the webhook secret.
    reject(webhook.body, {
      ...webhook.headers,
      "x-razorpay-signature": hmacHex(KEYS.keySecret, webhook.body),
    });
    const changed = Buffer.from(webhook.body);
    changed[changed.length - 3]! ^= 0x01;
    reject(changed, webhook.headers);
    const reserialised = Buffer.from(JSON.stringify(JSON.parse(webhook.body.toString("utf8"))));
    expect(reserialised.equals(webhook.body)).toBe(false);
    reject(reserialised, webhook.headers);
    const { "x-razorpay-signature": _, ...unsigned } = webhook.headers;
    reject(webhook.body, unsigned);
    reject(webhook.body, { ...webhook.headers, "x-razorpay-signature": "" });
  });

  it("rejects a signed body that is not JSON or not a Razorpay event", () => {
    for (const text of ["{not json", "null", '{"event": "payment.captured", "payload": {}}']) {
      const body = Buffer.from(text);
      const headers = { "x-razorpay-signature": hmacHex(KEYS.webhookSecret, body) };
      expect(() => gateway.parseWebhook(body, headers)).toThrow(WebhookRejected);
    }
  });
});

describe("refund", () => {
  it("sends a stable idempotency key and the reference in the notes", async () => {
    const paymentId = await capturedPayment(60_000);
    const reference = "refund-FH-2031-cancel";

    const refund = await gateway.refund(paymentId, 60_000, reference);

    expect(refund).toEqual({
      refundId: expect.stringMatching(/^rfnd_/),
      paymentId,
      amountPaise: 60_000,
      status: "processed",
      reference,
    });
    const request = standIn.requests.at(-1)!;
    expect(request).toMatchObject({
      method: "POST",
      path: `/v1/payments/${paymentId}/refund`,
      authorization: BASIC,
      idempotencyKey: expect.stringMatching(/^[A-Za-z0-9_-]{10,}$/),
    });
    expect(request.body).toEqual({
      amount: 60_000,
      speed: "normal",
      receipt: reference,
      notes: { reference },
    });
    expect(standIn.payments.get(paymentId)).toMatchObject({
      status: "refunded",
      amount_refunded: 60_000,
    });
  });

  it("makes one refund however often the same reference is asked for", async () => {
    const paymentId = await capturedPayment(40_000);
    const reference = "r1"; // shorter than Razorpay's shortest key: the adapter derives one

    const first = await gateway.refund(paymentId, 10_000, reference);
    const again = await gateway.refund(paymentId, 10_000, reference);

    expect(again.refundId).toBe(first.refundId);
    const keys = standIn.requests.slice(-2).map((request) => request.idempotencyKey);
    expect(keys[0]).toBe(keys[1]);
    expect(refundsOf(paymentId)).toHaveLength(1);
    expect(standIn.payments.get(paymentId)?.amount_refunded).toBe(10_000);
  });

  it("says the provider is unavailable on a 5xx or 429, and a retry then refunds once", async () => {
    const paymentId = await capturedPayment(40_000);
    for (const status of [500, 502, 503, 429] as const) {
      standIn.failNext(1, { status });
      const error = await failureOf(gateway.refund(paymentId, 15_000, "refund-FH-5xx"));
      expect(error).toBeInstanceOf(ProviderUnavailable);
      expect(error.message).toContain(String(status));
      expect(error.message).toContain(`/v1/payments/${paymentId}/refund`);
    }

    const refund = await gateway.refund(paymentId, 15_000, "refund-FH-5xx");

    expect(refund.status).toBe("processed");
    expect(refundsOf(paymentId)).toHaveLength(1);
  });

  it("gives up after the timeout, and a retry while Razorpay is still working refunds once", async () => {
    const paymentId = await capturedPayment(40_000);
    const hangMs = TIMEOUT_MS * 3;
    standIn.failNext(1, { hangMs });

    const error = await failureOf(gateway.refund(paymentId, 20_000, "refund-FH-slow"));
    expect(error).toBeInstanceOf(ProviderUnavailable);
    expect(error.message).toContain(`${TIMEOUT_MS} ms`);
    // It gave up while Razorpay was still working: the refund is not made yet.
    expect(refundsOf(paymentId)).toEqual([]);

    const retried = await gateway.refund(paymentId, 20_000, "refund-FH-slow");
    // Let the slow first request finish its work at the stand-in.
    await new Promise((resolve) => setTimeout(resolve, hangMs));

    expect(refundsOf(paymentId).map((refund) => refund.id)).toEqual([retried.refundId]);
    expect(standIn.payments.get(paymentId)?.amount_refunded).toBe(20_000);
  });

  it("passes on a refusal (more than is left) as a plain error with Razorpay's words", async () => {
    const paymentId = await capturedPayment(30_000);
    await gateway.refund(paymentId, 20_000, "refund-FH-part-1");

    const error = await failureOf(gateway.refund(paymentId, 20_000, "refund-FH-part-2"));

    expect(error).not.toBeInstanceOf(ProviderUnavailable);
    expect(error.message).toContain("The refund amount provided is greater than amount captured.");
    expect(refundsOf(paymentId)).toHaveLength(1);
  });

  it("refuses the same reference for a different amount", async () => {
    const paymentId = await capturedPayment(30_000);
    await gateway.refund(paymentId, 10_000, "refund-FH-changed");

    const error = await failureOf(gateway.refund(paymentId, 12_000, "refund-FH-changed"));

    expect(error).not.toBeInstanceOf(ProviderUnavailable);
    expect(error.message).toContain("Different request with the same idempotency key");
  });

  it("reports a refund Razorpay has not finished as pending", async () => {
    const slow = await startRazorpayStandIn({ ...KEYS, refundsSettleAt: "later" });
    try {
      const viaSlow = createRazorpayGateway({ ...KEYS, apiUrl: slow.url, timeoutMs: TIMEOUT_MS });
      const order = await viaSlow.createOrder({ amountPaise: 10_000, receipt: "FH-pending" });
      const { paymentId } = slow.pay(order.providerOrderId, { method: "wallet" });

      const refund = await viaSlow.refund(paymentId, 10_000, "refund-FH-pending");
      expect(refund.status).toBe("pending");

      slow.settleRefund(refund.refundId, "processed");
      const webhook = slow.webhook("refund.processed", refund.refundId);
      expect(viaSlow.parseWebhook(webhook.body, webhook.headers)).toMatchObject({
        refund: { refundId: refund.refundId, status: "processed" },
      });
    } finally {
      await slow.close();
    }
  });
});

function refundsOf(paymentId: string) {
  return [...standIn.refunds.values()].filter((refund) => refund.payment_id === paymentId);
}

describe("fetchPayment", () => {
  it("asks for the card so the summary can name it", async () => {
    const { answer } = await paidOrder(15_000, {
      method: "card",
      network: "MasterCard",
      last4: "0153",
    });

    const payment = await gateway.fetchPayment(answer.paymentId);

    expect(payment).toMatchObject({ status: "captured", summary: "Mastercard ending 0153" });
    expect(standIn.requests.at(-1)).toMatchObject({
      path: `/v1/payments/${answer.paymentId}`,
      query: { "expand[]": "card" },
    });
  });

  it("summarises net banking and wallets, and shows refunds", async () => {
    const banked = await paidOrder(15_000, { method: "netbanking", bank: "ICIC" });
    const wallet = await paidOrder(15_000, { method: "wallet", wallet: "airtelmoney" });
    await gateway.refund(wallet.answer.paymentId, 5_000, "refund-FH-wallet");

    expect(await gateway.fetchPayment(banked.answer.paymentId)).toMatchObject({
      summary: "Net banking, ICIC",
      method: "netbanking",
    });
    expect(await gateway.fetchPayment(wallet.answer.paymentId)).toMatchObject({
      summary: "Wallet, airtelmoney",
      amountRefundedPaise: 5_000,
      status: "captured",
    });
  });

  it("passes on an unknown payment id as a plain error", async () => {
    const error = await failureOf(gateway.fetchPayment("pay_DoesNotExist00"));
    expect(error).not.toBeInstanceOf(ProviderUnavailable);
    expect(error.message).toContain("The id provided does not exist");
  });
});

describe("listPayments", () => {
  it("pages past Razorpay's 100 a page and keeps to [from, to)", async () => {
    const from = new Date("2024-03-01T00:00:00Z");
    const at = (seconds: number) => new Date(from.getTime() + seconds * 1000);
    const inside = new Set<string>();
    for (let i = 0; i < 150; i++) {
      const { answer } = await paidOrder(10_000, { method: "upi", createdAt: at(i * 10) });
      inside.add(answer.paymentId);
    }
    const to = at(1_500);
    await paidOrder(10_000, { method: "upi", createdAt: at(-1) });
    await paidOrder(10_000, { method: "upi", createdAt: to });
    const before = standIn.requests.length;

    const payments = await gateway.listPayments(from, to);

    expect(new Set(payments.map((payment) => payment.paymentId))).toEqual(inside);
    expect(payments).toHaveLength(150);
    const pages = standIn.requests.slice(before);
    expect(pages.map((request) => request.query)).toEqual([
      expect.objectContaining({ count: "100", skip: "0", from: "1709251200", to: "1709252700" }),
      expect.objectContaining({ count: "100", skip: "100" }),
    ]);
    expect(payments[0]).toMatchObject({ method: "upi", summary: "UPI asha@okaxis" });
  });
});

describe("failures", () => {
  it("treats wrong credentials as a refusal, not an outage", async () => {
    const wrong = createRazorpayGateway({
      ...KEYS,
      keySecret: "wrong-key-secret-7d1e",
      apiUrl: standIn.url,
      timeoutMs: TIMEOUT_MS,
    });

    const error = await failureOf(wrong.createOrder({ amountPaise: 10_000, receipt: "FH-auth" }));

    expect(error).not.toBeInstanceOf(ProviderUnavailable);
    expect(error.message).toContain("Authentication failed");
    expect(error.message).not.toContain("wrong-key-secret-7d1e");
  });

  it("says the provider is unavailable when nothing listens", async () => {
    const gone = await startRazorpayStandIn(KEYS);
    await gone.close();
    const unreachable = createRazorpayGateway({ ...KEYS, apiUrl: gone.url, timeoutMs: TIMEOUT_MS });

    const error = await failureOf(unreachable.fetchPayment("pay_Anything000000"));

    expect(error).toBeInstanceOf(ProviderUnavailable);
    expect(error.message).toContain("/v1/payments/pay_Anything000000");
  });

  it("says the provider is unavailable when it hangs on a list or an order", async () => {
    standIn.failNext(2, { hangMs: TIMEOUT_MS * 2 });
    const listing = failureOf(gateway.listPayments(new Date(0), new Date()));
    expect(await listing).toBeInstanceOf(ProviderUnavailable);
    const ordering = failureOf(gateway.createOrder({ amountPaise: 10_000, receipt: "FH-hang" }));
    expect(await ordering).toBeInstanceOf(ProviderUnavailable);
  });

  it("never puts a secret or the Authorization header in an error", () => {
    expect(thrown.length).toBeGreaterThanOrEqual(13);
    const base64 = Buffer.from(`${KEYS.keyId}:${KEYS.keySecret}`).toString("base64");
    for (const error of thrown) {
      const text = `${error.message} ${String(error.cause ?? "")} ${JSON.stringify(error)}`;
      for (const secret of [KEYS.keySecret, KEYS.webhookSecret, base64, "wrong-key-secret-7d1e"]) {
        expect(text).not.toContain(secret);
      }
      expect(text.toLowerCase()).not.toContain("authorization");
      expect(text).not.toContain("Basic ");
    }
  });

  it("never sent Razorpay anything that looks like a card number", () => {
    expect(standIn.requests.length).toBeGreaterThan(150);
    for (const request of standIn.requests) {
      expect(`${request.path} ${JSON.stringify(request.query)} ${request.rawBody}`).not.toMatch(
        /\d{12,19}/,
      );
    }
  });
});
