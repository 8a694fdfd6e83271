import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import type { PlaceOrderInput } from "../../../shared/contracts/checkout.ts";
import { SALES_API, type SalesOrder } from "../../../shared/contracts/sales.ts";
import { SALES_SUMMARY_PATH } from "../../../shared/contracts/sales-figures.ts";
import { rowsOf } from "../../db/client.ts";
import { freshAddress, freshEmail, freshMobile, TEST_ORIGIN } from "../../testing/customers.ts";
import { productRow, testProduct } from "../../testing/inventory.ts";
import {
  deliverWebhook,
  type ProviderDriver,
  razorpayDriver,
  reportPayment,
  testProviderDriver,
} from "../../testing/payments.ts";
import { ledgerOf, salesManager } from "../../testing/sales.ts";
import { testDatabaseKinds, useTestApp } from "../../testing/test-app.ts";
import { reconcilePayments } from "./reconcile.ts";
import { payRefunds } from "./refunds.ts";

const HOLD_MS = 15 * 60_000;
const drivers: [string, () => ProviderDriver][] = [
  ["the test provider", testProviderDriver],
  ["Razorpay's stand-in", razorpayDriver],
];
const cases = testDatabaseKinds.flatMap((kind) =>
  drivers.map(([name, driver]) => [kind, name, driver] as const),
);

let keys = 0;
const newKey = () => `hosted-${Date.now()}-${++keys}`;

describe.each(cases)("a hosted checkout on %s with %s", (kind, _name, makeDriver) => {
  const driver = makeDriver();
  const ctx = useTestApp(kind, {}, { gateway: () => driver.gateway() });
  afterAll(() => driver.close());
  let products = 0;
  const freshProduct = async (stock: number) => {
    const id = `hosted-${process.pid}-${++products}`;
    await testProduct(ctx, id, stock);
    return id;
  };
  const stockOf = async (id: string) => (await productRow(ctx, id)).stock;

  const orderOf = (productId: string, method: PlaceOrderInput["payment"]["method"] = "card") => ({
    contact: { firstName: "Asha", lastName: "Das", email: freshEmail(), phone: freshMobile() },
    delivery: { address: "12 Janpath", city: "Bhubaneswar", state: "Odisha", pincode: "751007" },
    notes: "",
    payment: { method },
    items: [{ productId, quantity: 1 }],
  });
  /** Places an online order from a browser of its own; answers the response and that browser. */
  async function placed(productId: string, method: PlaceOrderInput["payment"]["method"] = "card") {
    const response = await ctx.app.inject({
      method: "POST",
      url: "/api/orders",
      payload: orderOf(productId, method),
      headers: { origin: TEST_ORIGIN, "idempotency-key": newKey() },
      remoteAddress: freshAddress(),
    });
    expect(response.statusCode, response.body).toBe(201);
    const setCookie = response.headers["set-cookie"];
    const cookie = (Array.isArray(setCookie) ? setCookie[0] : setCookie)!.split(";")[0]!;
    return { body: response.json(), cookie };
  }
  const report = (orderNumber: string, proof: unknown, cookie: string) =>
    reportPayment(ctx.app, `/api/orders/${orderNumber}/payment`, proof, cookie);
  const read = async (orderNumber: string, cookie: string) =>
    (
      await ctx.app.inject({
        method: "GET",
        url: `/api/orders/${orderNumber}`,
        headers: { cookie },
      })
    ).json();
  const paymentRows = async (orderNumber: string) =>
    rowsOf<{ status: string; transaction_id: string | null; amount_paise: number }>(
      await ctx.database.db.execute(sql`
        select p.status, p.transaction_id, p.amount_paise from payments p
        join orders o on o.id = p.order_id where o.order_number = ${orderNumber} order by p.id`),
    );
  const mailsTo = async (email: string) =>
    rowsOf<{ subject: string }>(
      await ctx.database.db.execute(
        sql`select subject from mail_outbox where to_address = ${email} order by id`,
      ),
    );

  it("holds the stock while the order awaits its payment, and places it once the signature holds", async () => {
    const product = await freshProduct(5);
    const { body, cookie } = await placed(product, "upi");
    expect(body).toMatchObject({ status: "awaiting_payment", paymentStatus: "pending" });
    expect(body.checkout).toMatchObject({
      amountPaise: body.totalPaise,
      currency: "INR",
      method: "upi",
    });
    expect(Date.parse(body.paymentDueAt) - Date.parse(body.placedAt)).toBe(HOLD_MS);
    expect(await stockOf(product)).toBe(4);
    // No confirmation until it is paid.
    expect(await mailsTo(body.email)).toEqual([]);

    const proof = await driver.pay(body.checkout.providerOrderId);
    const paid = await report(body.orderNumber, proof, cookie);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({
      status: "placed",
      paymentStatus: "paid",
      paymentDueAt: null,
    });
    expect(paid.json().paymentSummary).not.toBe("UPI");
    // The answer is the order as it now reads, not the one the payment found.
    expect(paid.json()).toEqual(await read(body.orderNumber, cookie));
    expect(await stockOf(product)).toBe(4);
    expect((await mailsTo(body.email)).map((mail) => mail.subject)).toEqual([
      expect.stringContaining(body.orderNumber),
    ]);
    // Reported again (a double click, a retry): the same answer, nothing more.
    const again = await report(body.orderNumber, proof, cookie);
    expect(again.statusCode).toBe(200);
    expect(await paymentRows(body.orderNumber)).toEqual([
      {
        status: "paid",
        transaction_id: "signature" in proof ? proof.paymentId : "",
        amount_paise: body.totalPaise,
      },
    ]);
    expect(await mailsTo(body.email)).toHaveLength(1);
  });

  it("keeps a declined order awaiting its payment, and takes a second try", async () => {
    const product = await freshProduct(5);
    const { body, cookie } = await placed(product);
    const declined = await driver.pay(body.checkout.providerOrderId, "failed");
    expect(declined).toMatchObject({ failed: expect.any(String) });
    const failedEvent = driver.webhook(
      "payment.failed",
      (declined as { paymentId: string }).paymentId,
    );
    expect((await deliverWebhook(ctx.app, failedEvent)).statusCode).toBe(200);
    const waiting = await read(body.orderNumber, cookie);
    expect(waiting).toMatchObject({ status: "awaiting_payment", paymentStatus: "pending" });
    expect(await stockOf(product)).toBe(4);

    // Pay now, after a reload: the same provider order, opened again.
    const reopened = await ctx.app.inject({
      method: "GET",
      url: `/api/orders/${body.orderNumber}/checkout`,
      headers: { cookie },
    });
    expect(reopened.json().checkout.providerOrderId).toBe(body.checkout.providerOrderId);
    const proof = await driver.pay(body.checkout.providerOrderId);
    expect((await report(body.orderNumber, proof, cookie)).json().paymentStatus).toBe("paid");
  });

  it("refuses a forged signature, another order's payment, and another browser", async () => {
    const product = await freshProduct(5);
    const mine = await placed(product);
    const other = await placed(product);
    const otherProof = (await driver.pay(other.body.checkout.providerOrderId)) as {
      paymentId: string;
      providerOrderId: string;
      signature: string;
    };
    const forged = await report(
      mine.body.orderNumber,
      { ...otherProof, signature: "0".repeat(64) },
      mine.cookie,
    );
    expect(forged.statusCode).toBe(400);
    // Another order's valid answer, even naming this order's provider order, pays nothing here.
    for (const proof of [
      otherProof,
      { ...otherProof, providerOrderId: mine.body.checkout.providerOrderId },
    ]) {
      const borrowed = await report(mine.body.orderNumber, proof, mine.cookie);
      expect(borrowed.statusCode).toBe(400);
      expect(borrowed.json().message).toContain("could not confirm this payment");
    }
    expect((await read(mine.body.orderNumber, mine.cookie)).status).toBe("awaiting_payment");
    // The payer's own answer, sent by a stranger, finds no order.
    const stranger = await report(other.body.orderNumber, otherProof, "fhh_browser=x");
    expect(stranger.statusCode).toBe(404);
    expect((await report(other.body.orderNumber, otherProof, other.cookie)).statusCode).toBe(200);
  });

  it("places an order by webhook when the browser never comes back, once however often it comes", async () => {
    const product = await freshProduct(5);
    const { body, cookie } = await placed(product, "gpay");
    const proof = (await driver.pay(body.checkout.providerOrderId)) as {
      paymentId: string;
    };
    const captured = driver.webhook("payment.captured", proof.paymentId);
    const paidEvent = driver.webhook("order.paid", proof.paymentId);
    // Out of order and twice: order.paid first, then payment.captured twice.
    for (const hook of [paidEvent, captured, captured]) {
      expect((await deliverWebhook(ctx.app, hook)).statusCode).toBe(200);
    }
    expect(await read(body.orderNumber, cookie)).toMatchObject({
      status: "placed",
      paymentStatus: "paid",
    });
    expect((await paymentRows(body.orderNumber)).map((row) => row.status)).toEqual(["paid"]);
    expect(await mailsTo(body.email)).toHaveLength(1);
    // A payment.failed arriving late for an earlier try changes nothing.
    expect(driver.refundedOf(proof.paymentId)).toBe(0);
  });

  it("refuses a webhook whose signature or body does not match", async () => {
    const product = await freshProduct(5);
    const { body, cookie } = await placed(product);
    const proof = (await driver.pay(body.checkout.providerOrderId)) as {
      paymentId: string;
    };
    const hook = driver.webhook("payment.captured", proof.paymentId);
    const signatureHeader = Object.keys(hook.headers).find((name) => name.endsWith("signature"))!;
    const tampered = [
      { ...hook, headers: { ...hook.headers, [signatureHeader]: "f".repeat(64) } },
      { ...hook, body: Buffer.from(hook.body.toString("utf8").replace("captured", "captured ")) },
      {
        ...hook,
        body: Buffer.from(JSON.stringify(JSON.parse(hook.body.toString("utf8")), null, 1)),
      },
      { ...hook, headers: { "content-type": "application/json" } },
    ];
    for (const forged of tampered) {
      const answer = await deliverWebhook(ctx.app, forged);
      expect(answer.statusCode).toBe(400);
    }
    expect((await read(body.orderNumber, cookie)).status).toBe("awaiting_payment");
  });

  it("releases an order unpaid past its hold, and refunds a payment that comes after", async () => {
    const product = await freshProduct(3);
    const { body, cookie } = await placed(product);
    expect(await stockOf(product)).toBe(2);
    // Not yet: the hold has a minute left.
    expect(await ctx.app.unpaidOrders.runOnce(new Date(Date.now() + HOLD_MS - 60_000))).toBe(0);
    expect(
      await ctx.app.unpaidOrders.runOnce(new Date(Date.now() + HOLD_MS + 1_000)),
    ).toBeGreaterThanOrEqual(1);
    expect(await read(body.orderNumber, cookie)).toMatchObject({
      status: "cancelled",
      paymentStatus: "failed",
    });
    expect(await stockOf(product)).toBe(3);
    expect((await ledgerOf(ctx, body.orderNumber)).map((row) => [row.kind, row.quantity])).toEqual([
      ["sale", -1],
      ["cancellation", 1],
    ]);

    const late = (await driver.pay(body.checkout.providerOrderId)) as {
      paymentId: string;
    };
    const answer = await report(body.orderNumber, late, cookie);
    expect(answer.statusCode).toBe(409);
    expect(answer.json().message).toContain("time to pay for this order has ended");
    // The webhook of the same payment refunds nothing more.
    await deliverWebhook(ctx.app, driver.webhook("payment.captured", late.paymentId));
    expect(driver.refundedOf(late.paymentId)).toBe(body.totalPaise);
    expect(driver.refundIdsOf(late.paymentId)).toHaveLength(1);
    expect(await stockOf(product)).toBe(3);
    expect((await read(body.orderNumber, cookie)).status).toBe("cancelled");
  });

  it("retries a refund the provider did not take, and settles it by webhook once", async () => {
    const product = await freshProduct(3);
    const { body, cookie } = await placed(product);
    const proof = (await driver.pay(body.checkout.providerOrderId)) as {
      paymentId: string;
    };
    await report(body.orderNumber, proof, cookie);
    const manager = await salesManager(ctx.app);
    driver.failRefunds(1);
    const cancelled = await manager.cancel(body.orderNumber, "customer_request");
    expect(cancelled.statusCode).toBe(200);
    // Refused once: the sales manager reads that it is being retried, not merely pending.
    expect((cancelled.json() as SalesOrder).refunds[0]!.state).toBe("retrying");
    expect(driver.refundedOf(proof.paymentId)).toBe(0);
    await payRefunds(ctx.database.db, ctx.app.paymentGateway, ctx.app.log);
    expect(driver.refundedOf(proof.paymentId)).toBe(body.totalPaise);
    const [refundId] = driver.refundIdsOf(proof.paymentId);
    const settled = driver.webhook("refund.processed", refundId!);
    for (const hook of [settled, settled]) {
      expect((await deliverWebhook(ctx.app, hook)).statusCode).toBe(200);
    }
    const detail = (
      await manager.request({ method: "GET", url: `/api/staff/sales/orders/${body.orderNumber}` })
    ).json() as SalesOrder;
    expect(detail.payment.status).toBe("refunded");
    expect(detail.refunds).toEqual([expect.objectContaining({ state: "done" })]);
    expect(detail.timeline.filter((entry) => entry.kind === "refund")).toHaveLength(1);
    expect(driver.refundIdsOf(proof.paymentId)).toHaveLength(1);
  });

  it("lets an order awaiting payment be paid in cash instead, and refunds an online payment after", async () => {
    const product = await freshProduct(3);
    const { body, cookie } = await placed(product, "phonepe");
    const switched = await ctx.app.inject({
      method: "POST",
      url: `/api/orders/${body.orderNumber}/pay-on-delivery`,
      headers: { origin: TEST_ORIGIN, cookie },
    });
    expect(switched.statusCode, switched.body).toBe(200);
    expect(switched.json()).toMatchObject({
      status: "placed",
      paymentMethod: "cash",
      paymentSummary: "Cash on Delivery",
      paymentDueAt: null,
    });
    const proof = (await driver.pay(body.checkout.providerOrderId)) as {
      paymentId: string;
    };
    expect((await report(body.orderNumber, proof, cookie)).statusCode).toBe(409);
    expect(driver.refundedOf(proof.paymentId)).toBe(body.totalPaise);
    expect((await read(body.orderNumber, cookie)).paymentMethod).toBe("cash");
  });

  it("keeps an order awaiting payment, or one whose hold lapsed, out of the moves, the open board and the figures", async () => {
    const manager = await salesManager(ctx.app);
    const todays = async () => {
      const summary = await manager.request({ method: "GET", url: SALES_SUMMARY_PATH });
      const { orders, revenuePaise } = summary.json().periods.today;
      return { orders, revenuePaise };
    };
    const onBoard = async (orderNumber: string, status: string) => {
      const page = await manager.request({
        method: "GET",
        url: `${SALES_API}/orders?status=${status}&q=${orderNumber}`,
      });
      return page.json().orders.length;
    };
    const before = await todays();
    const product = await freshProduct(3);
    const { body } = await placed(product);
    expect((await manager.move(body.orderNumber, "confirmed")).statusCode).toBe(409);
    expect((await manager.cancel(body.orderNumber)).statusCode).toBe(409);
    expect(await onBoard(body.orderNumber, "open")).toBe(0);
    expect(await onBoard(body.orderNumber, "awaiting_payment")).toBe(1);
    expect(await todays()).toEqual(before);
    await ctx.app.unpaidOrders.runOnce(new Date(Date.now() + HOLD_MS + 1_000));
    expect(await onBoard(body.orderNumber, "cancelled")).toBe(1);
    expect(await todays()).toEqual(before);
  });

  it.skipIf(!driver.authorizeOnly)(
    "places an order only on a captured payment: an authorised one waits for its webhook",
    async () => {
      const product = await freshProduct(5);
      const { body, cookie } = await placed(product);
      const providerOrderId = body.checkout.providerOrderId;
      // Two tabs: one payment only authorised (the provider refunds it itself), one captured.
      const second = driver.authorizeOnly!(providerOrderId);
      const first = (await driver.pay(providerOrderId)) as { paymentId: string };
      const early = await report(body.orderNumber, second, cookie);
      expect(early.statusCode).toBe(202);
      expect(early.json().status).toBe("awaiting_payment");
      await deliverWebhook(ctx.app, driver.webhook("payment.captured", first.paymentId));
      const paid = await read(body.orderNumber, cookie);
      expect(paid).toMatchObject({ status: "placed", paymentStatus: "paid" });
      expect((await paymentRows(body.orderNumber)).map((row) => row.transaction_id)).toEqual([
        first.paymentId,
      ]);
      expect(driver.refundIdsOf(first.paymentId)).toEqual([]);
      // Its own report, after the webhook: the same order, nothing refunded.
      expect((await report(body.orderNumber, first, cookie)).statusCode).toBe(200);
      expect(driver.refundIdsOf(first.paymentId)).toEqual([]);

      // One authorised alone is placed once it is captured and its webhook comes.
      const alone = await placed(product);
      const authorised = driver.authorizeOnly!(alone.body.checkout.providerOrderId);
      expect((await report(alone.body.orderNumber, authorised, alone.cookie)).statusCode).toBe(202);
      driver.capture!(authorised.paymentId);
      expect((await report(alone.body.orderNumber, authorised, alone.cookie)).json()).toMatchObject(
        {
          status: "placed",
          paymentStatus: "paid",
        },
      );
    },
  );

  it("lets one phone or browser hold only two unpaid orders; cash stays possible", async () => {
    const product = await freshProduct(10);
    const phone = freshMobile();
    const ofPhone = (method: PlaceOrderInput["payment"]["method"] = "card") => {
      const body = orderOf(product, method);
      return { ...body, contact: { ...body.contact, phone } };
    };
    const first = await ctx.app.inject({
      method: "POST",
      url: "/api/orders",
      payload: ofPhone(),
      headers: { origin: TEST_ORIGIN, "idempotency-key": newKey() },
      remoteAddress: freshAddress(),
    });
    const cookie = first.headers["set-cookie"]!.toString().split(";")[0]!;
    const again = (body: object) =>
      ctx.app.inject({
        method: "POST",
        url: "/api/orders",
        payload: body,
        headers: { origin: TEST_ORIGIN, "idempotency-key": newKey(), cookie },
        remoteAddress: freshAddress(),
      });
    expect((await again(orderOf(product))).statusCode).toBe(201);
    const third = await again(orderOf(product));
    // Held to it by the browser, whatever phone it gives.
    expect(third.statusCode).toBe(409);
    expect(third.json().message).toContain("orders waiting for payment");
    // Another browser with the same phone is held to it too.
    const samePhone = await ctx.app.inject({
      method: "POST",
      url: "/api/orders",
      payload: ofPhone(),
      headers: { origin: TEST_ORIGIN, "idempotency-key": newKey() },
      remoteAddress: freshAddress(),
    });
    expect(samePhone.statusCode).toBe(201);
    // ...and by the phone, from any browser.
    const thirdForPhone = await ctx.app.inject({
      method: "POST",
      url: "/api/orders",
      payload: ofPhone(),
      headers: { origin: TEST_ORIGIN, "idempotency-key": newKey() },
      remoteAddress: freshAddress(),
    });
    expect(thirdForPhone.statusCode).toBe(409);
    expect(await stockOf(product)).toBe(7);
    expect((await again(orderOf(product, "cash"))).statusCode).toBe(201);
  });

  it("answers a replayed proof of a refunded payment with the order, refunding nothing more", async () => {
    const product = await freshProduct(3);
    const { body, cookie } = await placed(product);
    const proof = (await driver.pay(body.checkout.providerOrderId)) as {
      paymentId: string;
    };
    await report(body.orderNumber, proof, cookie);
    const manager = await salesManager(ctx.app);
    expect((await manager.cancel(body.orderNumber)).statusCode).toBe(200);
    expect(driver.refundIdsOf(proof.paymentId)).toHaveLength(1);
    // Refunded is not captured: the store takes nothing from it, and answers with the order.
    const replayed = await report(body.orderNumber, proof, cookie);
    expect(replayed.statusCode).toBe(202);
    expect(replayed.json().status).toBe("cancelled");
    await payRefunds(ctx.database.db, ctx.app.paymentGateway, ctx.app.log);
    expect(driver.refundIdsOf(proof.paymentId)).toHaveLength(1);
    const [pending] = rowsOf<{ n: number }>(
      await ctx.database.db.execute(
        sql`select count(*)::int as n from refunds where transaction_id = ${proof.paymentId}`,
      ),
    );
    expect(pending!.n).toBe(1);
  });

  it("sells the last 10 units to exactly 10 of 50 buyers paying at once", async () => {
    const product = await freshProduct(10);
    const buyers = await Promise.all(
      Array.from({ length: 50 }, async () => {
        const response = await ctx.app.inject({
          method: "POST",
          url: "/api/orders",
          payload: orderOf(product),
          headers: { origin: TEST_ORIGIN, "idempotency-key": newKey() },
          remoteAddress: freshAddress(),
        });
        if (response.statusCode !== 201) return { status: response.statusCode };
        const setCookie = response.headers["set-cookie"];
        const cookie = (Array.isArray(setCookie) ? setCookie[0] : setCookie)!.split(";")[0]!;
        const body = response.json();
        const proof = await driver.pay(body.checkout.providerOrderId);
        const paid = await report(body.orderNumber, proof, cookie);
        return { status: paid.statusCode, paid: paid.json().paymentStatus };
      }),
    );
    expect(buyers.filter((buyer) => buyer.paid === "paid")).toHaveLength(10);
    expect(buyers.filter((buyer) => buyer.status === 409)).toHaveLength(40);
    expect(await stockOf(product)).toBe(0);
    const [sold] = rowsOf<{ paid: number; units: number }>(
      await ctx.database.db.execute(sql`
        select count(distinct o.id)::int as paid, coalesce(sum(l.quantity), 0)::int as units
        from orders o join order_lines l on l.order_id = o.id
        where l.product_id = ${product} and o.payment_status = 'paid'`),
    );
    expect(sold).toEqual({ paid: 10, units: 10 });
  });

  it("reconciles the store's payments with the provider's and finds a planted difference", async () => {
    const from = new Date(Date.now() - 60_000);
    const product = await freshProduct(10);
    const good = await placed(product);
    await report(
      good.body.orderNumber,
      await driver.pay(good.body.checkout.providerOrderId),
      good.cookie,
    );
    const planted = await placed(product);
    const plantedProof = (await driver.pay(planted.body.checkout.providerOrderId)) as {
      paymentId: string;
    };
    await report(planted.body.orderNumber, plantedProof, planted.cookie);
    // Someone edits the books by hand.
    await ctx.database.db.execute(sql`
      update payments set amount_paise = amount_paise + 100
      where transaction_id = ${plantedProof.paymentId}`);
    // Taken by the provider, but neither the browser nor a webhook ever told the store.
    const silent = await placed(product);
    const silentProof = (await driver.pay(silent.body.checkout.providerOrderId)) as {
      paymentId: string;
    };
    const window = { from, to: new Date(Date.now() + 60_000) };
    const found = await reconcilePayments(ctx.database.db, ctx.app.paymentGateway!, window);
    const mine = found.differences.filter((difference) =>
      [plantedProof.paymentId, silentProof.paymentId].includes(difference.paymentId),
    );
    expect(mine.map((difference) => [difference.paymentId, difference.kind]).sort()).toEqual(
      [
        [plantedProof.paymentId, "amount"],
        [silentProof.paymentId, "unknown_to_store"],
      ].sort(),
    );
    // Once the store hears of it, the books agree on it.
    await deliverWebhook(ctx.app, driver.webhook("payment.captured", silentProof.paymentId));
    const after = await reconcilePayments(ctx.database.db, ctx.app.paymentGateway!, window);
    expect(after.differences.map((difference) => difference.paymentId)).not.toContain(
      silentProof.paymentId,
    );
  });
});
