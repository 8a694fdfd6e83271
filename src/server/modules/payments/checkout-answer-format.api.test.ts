import { describe, expect, it } from "vitest";
import type { PlaceOrderInput } from "../../../shared/contracts/checkout.ts";
import { goodCard, quoteAsRelations, requesterCalls } from "../../testing/bulk-orders.ts";
import { freshAddress, freshEmail, freshMobile, TEST_ORIGIN } from "../../testing/customers.ts";
import { testProduct } from "../../testing/inventory.ts";
import {
  type CheckoutProof,
  type ProviderDriver,
  payInCheckout,
  razorpayDriver,
  reportPayment,
  testProviderDriver,
} from "../../testing/payments.ts";
import { testDatabaseKinds, useTestApp } from "../../testing/test-app.ts";
import { createTestGateway } from "./test-gateway.ts";

/** Razorpay Checkout's own answer, as clients posted it before the store's report had its names. */
const razorpayAnswerOf = (proof: CheckoutProof) => ({
  razorpay_payment_id: proof.paymentId,
  razorpay_order_id: proof.providerOrderId,
  razorpay_signature: proof.signature,
});

const drivers: [string, () => ProviderDriver][] = [
  ["the test provider", testProviderDriver],
  ["Razorpay's stand-in", razorpayDriver],
];
const cases = testDatabaseKinds.flatMap((kind) =>
  drivers.map(([name, driver]) => [kind, name, driver] as const),
);

let keys = 0;
const newKey = () => `answer-format-${Date.now()}-${++keys}`;

describe.each(cases)("an order's payment report on %s with %s", (kind, name, makeDriver) => {
  const driver = makeDriver();
  const ctx = useTestApp(kind, {}, { gateway: () => driver.gateway() });
  let products = 0;

  async function placed() {
    const productId = `answer-format-${process.pid}-${++products}`;
    await testProduct(ctx, productId, 5);
    const order: PlaceOrderInput = {
      contact: { firstName: "Asha", lastName: "Das", email: freshEmail(), phone: freshMobile() },
      delivery: { address: "12 Janpath", city: "Bhubaneswar", state: "Odisha", pincode: "751007" },
      notes: "",
      payment: { method: "card" },
      items: [{ productId, quantity: 1 }],
    };
    const response = await ctx.app.inject({
      method: "POST",
      url: "/api/orders",
      payload: order,
      headers: { origin: TEST_ORIGIN, "idempotency-key": newKey() },
      remoteAddress: freshAddress(),
    });
    expect(response.statusCode, response.body).toBe(201);
    const setCookie = response.headers["set-cookie"];
    const cookie = (Array.isArray(setCookie) ? setCookie[0] : setCookie)!.split(";")[0]!;
    return { body: response.json(), cookie };
  }
  async function paidInCheckout(providerOrderId: string): Promise<CheckoutProof> {
    const proof = await driver.pay(providerOrderId);
    if ("failed" in proof) throw new Error(`not paid: ${proof.failed}`);
    return proof as CheckoutProof;
  }
  const report = (orderNumber: string, body: unknown, cookie: string) =>
    reportPayment(ctx.app, `/api/orders/${orderNumber}/payment`, body, cookie);

  it("still sends the session's fields earlier clients read, beside the provider's params", async () => {
    const { body } = await placed();
    const { checkout } = body;
    expect(checkout.keyId).toEqual(expect.any(String));
    if (name === "the test provider") {
      expect(checkout).toMatchObject({ provider: "test", keyId: "test_key" });
      expect(checkout.pagePath).toBe(checkout.params.pagePath);
      expect(checkout).not.toHaveProperty("scriptUrl");
    } else {
      expect(checkout).toMatchObject({ provider: "razorpay", keyId: checkout.params.keyId });
      expect(checkout.scriptUrl).toBe("https://checkout.razorpay.com/v1/checkout.js");
      expect(checkout.scriptUrl).toBe(checkout.params.scriptUrl);
      expect(checkout).not.toHaveProperty("pagePath");
    }
  });

  it("takes a payment reported as the provider's checkout answered it", async () => {
    const { body, cookie } = await placed();
    const proof = await paidInCheckout(body.checkout.providerOrderId);
    const paid = await report(body.orderNumber, razorpayAnswerOf(proof), cookie);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ status: "placed", paymentStatus: "paid" });
    // The same answer again is the payment that paid the order: the order as it is.
    const again = await report(body.orderNumber, razorpayAnswerOf(proof), cookie);
    expect(again.statusCode, again.body).toBe(200);
  });

  it("takes a payment reported in the store's words", async () => {
    const { body, cookie } = await placed();
    const proof = await paidInCheckout(body.checkout.providerOrderId);
    const paid = await report(body.orderNumber, proof, cookie);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ status: "placed", paymentStatus: "paid" });
  });

  it("refuses a forged answer in the provider's names as it refuses a forged report", async () => {
    const { body, cookie } = await placed();
    const proof = await paidInCheckout(body.checkout.providerOrderId);
    const forged = await report(
      body.orderNumber,
      { ...razorpayAnswerOf(proof), razorpay_signature: "0".repeat(64) },
      cookie,
    );
    expect(forged.statusCode).toBe(400);
    expect(forged.json().code).toBe("BAD_REQUEST");
    const read = await ctx.app.inject({
      method: "GET",
      url: `/api/orders/${body.orderNumber}`,
      headers: { cookie },
    });
    expect(read.json().paymentStatus).toBe("pending");
  });

  it("answers an answer it cannot read with the 400 of a malformed report", async () => {
    const { body, cookie } = await placed();
    const proof = await paidInCheckout(body.checkout.providerOrderId);
    const malformedReport = await report(body.orderNumber, { paymentId: proof.paymentId }, cookie);
    expect(malformedReport.statusCode).toBe(400);
    const shape = Object.keys(malformedReport.json()).sort();
    const unreadable = [
      { razorpay_payment_id: proof.paymentId },
      { razorpay_payment_id: proof.paymentId, razorpay_signature: "" },
      { razorpay_payment_id: "p".repeat(65), razorpay_signature: proof.signature },
      { payment: proof.paymentId, sig: proof.signature },
      { ...razorpayAnswerOf(proof), razorpay_note: "x".repeat(129) },
      { ...razorpayAnswerOf(proof), Razorpay_Payment_Id: proof.paymentId },
      Object.fromEntries(Array.from({ length: 9 }, (_, n) => [`key_${n}`, "v"])),
      { ...razorpayAnswerOf(proof), paymentId: proof.paymentId, signature: proof.signature },
      { razorpay_payment_id: 1, razorpay_signature: proof.signature },
      [],
    ];
    for (const answer of unreadable) {
      const refused = await report(body.orderNumber, answer, cookie);
      expect(refused.statusCode, JSON.stringify(answer).slice(0, 80)).toBe(400);
      const error = refused.json();
      expect(error.code).toBe("VALIDATION_FAILED");
      expect(error.message).toEqual(expect.any(String));
      expect(Object.keys(error).sort()).toEqual(shape);
    }
    const read = await ctx.app.inject({
      method: "GET",
      url: `/api/orders/${body.orderNumber}`,
      headers: { cookie },
    });
    expect(read.json().paymentStatus).toBe("pending");
  });
});

describe.each(testDatabaseKinds)("the bulk advance's payment report on %s", (kind) => {
  const ctx = useTestApp(kind, {}, { gateway: createTestGateway() });
  const calls = requesterCalls(ctx);

  async function awaitingAdvance() {
    const { ticketId, browser } = await calls.submitted({
      email: `answers${Date.now()}${++keys}@example.in`,
    });
    expect((await quoteAsRelations(ctx, ticketId, 12_500_00)).statusCode).toBe(200);
    const asked = await calls.advance(ticketId, browser, goodCard(), newKey());
    expect(asked.statusCode, asked.body).toBe(200);
    const { checkout } = asked.json();
    expect(checkout).toMatchObject({ keyId: "test_key", pagePath: checkout.params.pagePath });
    return { ticketId, browser, proof: await payInCheckout(ctx.app, checkout) };
  }

  it("takes the advance reported as the provider's checkout answered it", async () => {
    const { ticketId, browser, proof } = await awaitingAdvance();
    const paid = await calls.report(ticketId, browser, razorpayAnswerOf(proof));
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ status: "advance_paid" });
  });

  it("takes the advance reported in the store's words", async () => {
    const { ticketId, browser, proof } = await awaitingAdvance();
    const paid = await calls.report(ticketId, browser, proof);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ status: "advance_paid" });
  });

  it("answers an answer it cannot read with the 400 of a malformed report", async () => {
    const { ticketId, browser, proof } = await awaitingAdvance();
    const malformedReport = await calls.report(ticketId, browser, { paymentId: proof.paymentId });
    expect(malformedReport.statusCode).toBe(400);
    const refused = await calls.report(ticketId, browser, {
      razorpay_payment_id: proof.paymentId,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe("VALIDATION_FAILED");
    expect(Object.keys(refused.json()).sort()).toEqual(Object.keys(malformedReport.json()).sort());
    expect((await calls.read(ticketId, browser)).json().status).toBe("awaiting_payment");
  });
});
