import { sql } from "drizzle-orm";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { PAYMENT_MESSAGES } from "../../../shared/contracts/payments.ts";
import { rowsOf } from "../../db/client.ts";
import { UNREACHABLE_RETRY_AFTER_SECONDS } from "../../http/error-handler.ts";
import { cookieOf } from "../../testing/customers.ts";
import { productRow, shopOrderRequest, testProduct } from "../../testing/inventory.ts";
import { deliverWebhook, reportPayment } from "../../testing/payments.ts";
import { type RazorpayStandIn, startRazorpayStandIn } from "../../testing/razorpay-stand-in.ts";
import { salesManager } from "../../testing/sales.ts";
import { testConfig, testDatabaseKinds, useTestApp } from "../../testing/test-app.ts";
import { gatewayFor, payRefunds } from "../payments/index.ts";

/** Short, so the suite waits little; the setting is what the store would read in production. */
const TIMEOUT_MS = 400;
const KEYS = {
  RAZORPAY_KEY_ID: "rzp_test_silent",
  RAZORPAY_KEY_SECRET: "silent-key-secret",
  RAZORPAY_WEBHOOK_SECRET: "silent-webhook-secret",
};

async function until(done: () => boolean) {
  while (!done()) await new Promise((resolve) => setTimeout(resolve, 5));
}

describe.each(testDatabaseKinds)("a payment provider that never answers, on %s", (kind) => {
  let standIn: RazorpayStandIn;
  // One lane: a checkout the provider held would hold every other checkout with it.
  const ctx = useTestApp(
    kind,
    { CHECKOUT_LANES: "1" },
    {
      async gateway() {
        standIn = await startRazorpayStandIn({
          keyId: KEYS.RAZORPAY_KEY_ID,
          keySecret: KEYS.RAZORPAY_KEY_SECRET,
          webhookSecret: KEYS.RAZORPAY_WEBHOOK_SECRET,
        });
        // Made from the configuration, as the store makes it: the timeout is its setting.
        return gatewayFor(
          testConfig({
            PAYMENT_PROVIDER: "razorpay",
            ...KEYS,
            RAZORPAY_API_URL: standIn.url,
            PAYMENT_PROVIDER_TIMEOUT_MS: String(TIMEOUT_MS),
          }),
        );
      },
    },
  );
  afterAll(() => standIn?.close());
  // A test that failed while the provider was silent leaves the next one a provider that answers.
  afterEach(() => standIn?.answerAgain());

  let made = 0;
  const freshProduct = async () => {
    const id = `silent-${process.pid}-${Date.now()}-${++made}`;
    await testProduct(ctx, id, 10);
    return id;
  };
  const ordersOf = async (productId: string) =>
    rowsOf<{ order_number: string; status: string; payment_method: string }>(
      await ctx.database.db.execute(sql`
        select o.order_number, o.status, o.payment_method from orders o
        where exists (select 1 from order_lines i where i.order_id = o.id and i.product_id = ${productId})
        order by o.id`),
    );
  const paymentsOf = async (orderNumber: string) =>
    rowsOf<{ status: string; transaction_id: string | null }>(
      await ctx.database.db.execute(sql`
        select p.status, p.transaction_id from payments p join orders o on o.id = p.order_id
        where o.order_number = ${orderNumber} order by p.id`),
    );

  it("answers the checkout 503 with Retry-After once its timeout is up, frees its lane, and places one order when the shopper retries with the same key", async () => {
    const productId = await freshProduct();
    const items = [{ productId, quantity: 1 }];
    const online = shopOrderRequest(items, { method: "card" });
    standIn.stopAnswering();

    const started = Date.now();
    const first = ctx.app.inject(online);
    await until(() => standIn.unanswered() === 1);
    const asked = Date.now();
    // Behind it, in the one lane: it can only run once the online checkout lets the lane go.
    const cash = ctx.app.inject(shopOrderRequest(items));
    const refused = await first;
    const answered = Date.now();

    expect(refused.statusCode, refused.body).toBe(503);
    expect(refused.headers["retry-after"]).toBe(String(UNREACHABLE_RETRY_AFTER_SECONDS));
    expect(refused.json()).toMatchObject({
      code: "UNAVAILABLE",
      message: PAYMENT_MESSAGES.unavailable,
    });
    // Given up by the store at its timeout: the provider never answered it.
    expect(answered - started).toBeGreaterThanOrEqual(TIMEOUT_MS);
    expect(answered - asked).toBeLessThan(TIMEOUT_MS * 10);
    expect(standIn.ignored()).toBe(1);

    // The provider still answers nobody, and the lane serves the next checkout all the same.
    const placedCash = await cash;
    expect(placedCash.statusCode, placedCash.body).toBe(201);
    const again = await ctx.app.inject(shopOrderRequest(items, { method: "upi" }));
    expect(again.statusCode, again.body).toBe(503);
    expect(again.headers["retry-after"]).toBe(String(UNREACHABLE_RETRY_AFTER_SECONDS));
    expect(await ordersOf(productId)).toEqual([
      expect.objectContaining({ order_number: placedCash.json().orderNumber }),
    ]);
    expect((await productRow(ctx, productId)).stock).toBe(9);

    // The provider is back: the same key, sent again, places the order once.
    standIn.answerAgain();
    const retried = await ctx.app.inject(online);
    expect(retried.statusCode, retried.body).toBe(201);
    expect(retried.json()).toMatchObject({ status: "awaiting_payment" });
    const repeated = await ctx.app.inject(online);
    expect(repeated.statusCode, repeated.body).toBe(201);
    expect(repeated.json().orderNumber).toBe(retried.json().orderNumber);
    expect((await ordersOf(productId)).map((order) => order.order_number)).toEqual([
      placedCash.json().orderNumber,
      retried.json().orderNumber,
    ]);
    expect((await productRow(ctx, productId)).stock).toBe(8);
    expect(standIn.orders.has(retried.json().checkout.providerOrderId)).toBe(true);
  });

  it("answers a payment report the provider does not confirm 202 within its timeout, and the webhook takes the payment after", async () => {
    const productId = await freshProduct();
    const online = await ctx.app.inject(
      shopOrderRequest([{ productId, quantity: 1 }], { method: "card" }),
    );
    expect(online.statusCode, online.body).toBe(201);
    const { orderNumber, checkout } = online.json();
    const cookie = cookieOf(online.headers["set-cookie"], "fhh_browser")!;
    const paid = standIn.pay(checkout.providerOrderId, { method: "card" });
    if (paid.outcome !== "captured") throw new Error("the stand-in declined the card");

    // The provider goes silent between the shopper paying and the store asking about it.
    standIn.stopAnswering();
    const started = Date.now();
    const report = await reportPayment(
      ctx.app,
      `/api/orders/${orderNumber}/payment`,
      { paymentId: paid.paymentId, providerOrderId: paid.orderId, signature: paid.signature },
      cookie,
    );
    expect(Date.now() - started).toBeLessThan(TIMEOUT_MS * 10);
    expect(report.statusCode, report.body).toBe(202);
    expect(report.json()).toMatchObject({ orderNumber, status: "awaiting_payment" });
    expect(await paymentsOf(orderNumber)).toEqual([{ status: "pending", transaction_id: null }]);

    // Nothing is lost: the provider's webhook, when it comes, takes the payment, once.
    standIn.answerAgain();
    const hook = standIn.webhook("payment.captured", paid.paymentId);
    expect((await deliverWebhook(ctx.app, hook)).statusCode).toBe(200);
    expect(
      (await deliverWebhook(ctx.app, standIn.webhook("order.paid", paid.paymentId))).statusCode,
    ).toBe(200);
    expect(await paymentsOf(orderNumber)).toEqual([
      { status: "paid", transaction_id: paid.paymentId },
    ]);
    expect(
      (await ordersOf(productId)).find((order) => order.order_number === orderNumber),
    ).toMatchObject({ status: "placed", payment_method: "card" });
  });

  it("answers a staff cancel of a paid order within its timeout, and the refund it owes is paid once by the next pass", async () => {
    const productId = await freshProduct();
    const online = await ctx.app.inject(
      shopOrderRequest([{ productId, quantity: 1 }], { method: "card" }),
    );
    expect(online.statusCode, online.body).toBe(201);
    const { orderNumber, checkout, totalPaise } = online.json();
    const cookie = cookieOf(online.headers["set-cookie"], "fhh_browser")!;
    const paid = standIn.pay(checkout.providerOrderId, { method: "card" });
    if (paid.outcome !== "captured") throw new Error("the stand-in declined the card");
    const report = await reportPayment(
      ctx.app,
      `/api/orders/${orderNumber}/payment`,
      { paymentId: paid.paymentId, providerOrderId: paid.orderId, signature: paid.signature },
      cookie,
    );
    expect(report.statusCode, report.body).toBe(200);
    const sales = await salesManager(ctx.app);
    const refundState = async () =>
      rowsOf<{ state: string; amount_paise: number }>(
        await ctx.database.db.execute(sql`
          select r.state, r.amount_paise from refunds r join orders o on o.id = r.order_id
          where o.order_number = ${orderNumber}`),
      );

    standIn.stopAnswering();
    const cancelling = sales.cancel(orderNumber);
    await until(() => standIn.unanswered() === 1);
    const asked = Date.now();
    const cancelled = await cancelling;
    expect(Date.now() - asked).toBeLessThan(TIMEOUT_MS * 10);
    // The cancel is done; the money it owes back waits for the provider, on record.
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: "cancelled" });
    expect(await refundState()).toEqual([{ state: "pending", amount_paise: totalPaise }]);
    expect(standIn.refunds.size).toBe(0);

    standIn.answerAgain();
    expect(await payRefunds(ctx.database.db, ctx.app.paymentGateway, ctx.app.log)).toBe(1);
    expect(await refundState()).toEqual([{ state: "done", amount_paise: totalPaise }]);
    expect(standIn.payments.get(paid.paymentId)?.amount_refunded).toBe(totalPaise);
  });
});
