import { Writable } from "node:stream";
import { eq, sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import type { PlaceOrderInput } from "../../../shared/contracts/checkout.ts";
import { ONLINE_PAYMENT_UNAVAILABLE } from "../../../shared/rules/payment-options.ts";
import { buildApp } from "../../app.ts";
import { loadConfig } from "../../config.ts";
import { bulkOrders, idempotencyKeys, orders, payments, refunds } from "../../db/schema/index.ts";
import { goodCard, quoteAsRelations, requesterCalls } from "../../testing/bulk-orders.ts";
import { freshAddress, freshEmail, freshMobile, TEST_ORIGIN } from "../../testing/customers.ts";
import { REAL_STORE } from "../../testing/real-store.ts";
import { signInEnrolledStaff } from "../../testing/staff.ts";
import { createTestDatabase, testDatabaseKinds, useTestApp } from "../../testing/test-app.ts";
import { payRefunds, unpayableRefunds } from "./refunds.ts";
import { createTestGateway } from "./test-gateway.ts";

const order = (payment: PlaceOrderInput["payment"]): PlaceOrderInput => ({
  contact: { firstName: "Mina", lastName: "Rout", email: freshEmail("mina"), phone: freshMobile() },
  delivery: { address: "7 Nayapalli", city: "Bhubaneswar", state: "Odisha", pincode: "751012" },
  payment,
  items: [{ productId: "mangoes", quantity: 1_000 }],
});
const card = { method: "card" } as const;
let keys = 0;
const newKey = () => `cash-only-${Date.now()}-${++keys}`;

describe.each(testDatabaseKinds)("a store without a payment provider on %s", (kind) => {
  const ctx = useTestApp(kind, REAL_STORE);
  const calls = requesterCalls(ctx);
  const count = async (table: typeof orders | typeof payments | typeof idempotencyKeys) =>
    (await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]!.n;
  const place = (body: PlaceOrderInput, key = newKey()) =>
    ctx.app.inject({
      method: "POST",
      url: "/api/orders",
      payload: body,
      headers: { "idempotency-key": key, origin: TEST_ORIGIN },
      remoteAddress: freshAddress(),
    });

  it("tells the storefront that cash on delivery is the only method", async () => {
    const site = (await ctx.app.inject({ url: "/api/site" })).json();
    expect(site.paymentMethods).toEqual(["cash"]);
    expect(site.bulkPaymentMethods).toEqual(["cash_on_delivery"]);
  });

  it.each([
    ["a card", card],
    ["UPI", { method: "upi" }],
    ["Google Pay", { method: "gpay" }],
    ["PhonePe", { method: "phonepe" }],
  ] as const)("refuses %s before anything is written", async (_name, payment) => {
    const before = await Promise.all([count(orders), count(payments), count(idempotencyKeys)]);
    const key = newKey();
    const response = await place(order(payment), key);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: "VALIDATION_FAILED",
      message: ONLINE_PAYMENT_UNAVAILABLE,
      field: "payment.method",
    });
    expect(await Promise.all([count(orders), count(payments), count(idempotencyKeys)])).toEqual(
      before,
    );
    // The same attempt may go on with cash.
    const cash = await place(order({ method: "cash" }), key);
    expect(cash.statusCode).toBe(201);
    expect(cash.json()).toMatchObject({ paymentStatus: "pending", paymentMethod: "cash" });
  });

  it("counts a refund owed through a provider the store no longer has as one a person must pay", async () => {
    const before = await unpayableRefunds(ctx.database.db, undefined);
    await ctx.database.db.insert(refunds).values({
      orderId: 1,
      reference: `left-behind-${Date.now()}`,
      transactionId: "pay_old_provider",
      gateway: "an-earlier-provider",
      amountPaise: 5_000,
      reason: "Order cancelled",
    });
    expect(await unpayableRefunds(ctx.database.db, undefined)).toBe(before + 1);
    const other = createTestGateway();
    expect(await unpayableRefunds(ctx.database.db, other)).toBeGreaterThanOrEqual(1);
    expect(await payRefunds(ctx.database.db, undefined, ctx.app.log)).toBe(0);
  });

  it("refuses an online bulk advance and still confirms approved cash on delivery", async () => {
    const { ticketId, browser } = await calls.submitted({ email: "cash-only@example.in" });
    // With demo mode off, Customer Relations signs in with the second factor.
    const cookie = await signInEnrolledStaff(ctx.app, "customer-relations");
    const quoted = await quoteAsRelations(ctx, ticketId, 10_000_00, { approveCod: true, cookie });
    expect(quoted.statusCode).toBe(200);
    const paid = await calls.pay(ticketId, browser, goodCard(), newKey());
    expect(paid.statusCode).toBe(400);
    expect(paid.json().message).toBe(ONLINE_PAYMENT_UNAVAILABLE);
    const [row] = await ctx.database.db
      .select()
      .from(bulkOrders)
      .where(eq(bulkOrders.ticketId, ticketId));
    expect(row!.status).toBe("awaiting_payment");
    const cod = await calls.pay(ticketId, browser, { method: "cash_on_delivery" }, newKey());
    expect(cod.statusCode).toBe(200);
    expect(cod.json().status).toBe("confirmed");
  });
});

describe.each(testDatabaseKinds)("choosing the payment provider at start-up on %s", (kind) => {
  let database: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
  afterAll(async () => {
    await database?.handle.close();
    await database?.drop();
  });
  const base = { NODE_ENV: "test", WEB_DIST_DIR: "./.tmp/no-web-build", LOG_LEVEL: "warn" };

  it("refuses the test gateway with demo mode off, and warns that only cash is offered", async () => {
    database = await createTestDatabase(kind);
    const config = loadConfig({ ...base, ...REAL_STORE });
    await expect(
      buildApp({
        config,
        database: database.handle,
        logger: false,
        gateway: createTestGateway(),
      }),
    ).rejects.toThrow("only for demo mode");

    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const app = await buildApp({
      config,
      database: database.handle,
      logger: { level: "warn", stream },
    });
    await app.close();
    const warnings = lines.map((line) => JSON.parse(line) as { level: number; msg: string });
    expect(warnings).toContainEqual(
      expect.objectContaining({
        level: 40,
        msg: expect.stringContaining("cash on delivery only"),
      }),
    );

    const demo = await buildApp({
      config: loadConfig({ ...base, DEMO_MODE: "true" }),
      database: database.handle,
      logger: false,
    });
    const site = (await demo.inject({ url: "/api/site" })).json();
    await demo.close();
    expect(site.paymentMethods).toEqual(["card", "cash", "upi", "gpay", "phonepe"]);
  });
});
