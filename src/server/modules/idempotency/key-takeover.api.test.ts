import { randomBytes, randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { placeOrderSchema } from "../../../shared/contracts/checkout.ts";
import { rowsOf } from "../../db/client.ts";
import { hashBrowserKey } from "../../http/browser-key.ts";
import { freshAddress, freshEmail, freshMobile, TEST_ORIGIN } from "../../testing/customers.ts";
import { productRow, testProduct } from "../../testing/inventory.ts";
import { testDatabaseKinds, useTestApp } from "../../testing/test-app.ts";
import { cashNetworkOf } from "../checkout/cash-network.ts";
import { placeOrder } from "../checkout/place-order.ts";
import { paymentHold } from "../payments/checkout-session.ts";
import { ClaimLost, completeIdempotencyKey, hashRequest } from "./idempotency-store.ts";
import { THIS_INSTANCE } from "./store-instance.ts";

const SCOPE = "checkout";

describe.each(testDatabaseKinds)("a checkout whose instance died, on %s", (kind) => {
  const ctx = useTestApp(kind);
  let products = 0;

  async function setUp() {
    const productId = `takeover-${process.pid}-${++products}`;
    await testProduct(ctx, productId, 10);
    const payload = {
      contact: { firstName: "Asha", lastName: "Das", email: freshEmail(), phone: freshMobile() },
      delivery: { address: "12 Janpath", city: "Bhubaneswar", state: "Odisha", pincode: "751007" },
      notes: "",
      payment: { method: "cash" as const },
      items: [{ productId, quantity: 1 }],
    };
    // The shopper's browser and its order-access key: the key is its, and only it retries.
    const browserKey = randomBytes(32).toString("base64url");
    return { productId, payload, key: `takeover-${randomUUID()}`, browserKey };
  }
  /** The key as a run on instance `holder` left it: claimed, never finished. */
  async function claimedBy(
    key: string,
    payload: unknown,
    holder: string,
    seenAgo: string,
    browserKey: string,
  ) {
    await ctx.database.db.execute(sql`
      insert into store_instances (id, seen_at) values (${holder}, now() - ${seenAgo}::interval)
      on conflict (id) do update set seen_at = excluded.seen_at`);
    await ctx.database.db.execute(sql`
      insert into idempotency_keys (key, scope, request_hash, state, holder, placer_browser_key_hash)
      values (${`${SCOPE}:${key}`}, ${SCOPE}, ${hashRequest(placeOrderSchema.parse(payload))},
        'processing', ${holder}, ${hashBrowserKey(browserKey)})`);
  }
  const place = (payload: unknown, key: string, browserKey: string) =>
    ctx.app.inject({
      method: "POST",
      url: "/api/orders",
      payload: payload as object,
      headers: { origin: TEST_ORIGIN, "idempotency-key": key, cookie: `fhh_browser=${browserKey}` },
      remoteAddress: freshAddress(),
    });
  const ordersFor = async (email: string) =>
    rowsOf<{ id: number }>(
      await ctx.database.db.execute(sql`select id from orders where email = ${email}`),
    );

  it("takes the key over within seconds of its instance going quiet, and places the order once", async () => {
    const { payload, key, productId, browserKey } = await setUp();
    await claimedBy(key, payload, `crashed-${randomUUID()}`, "10 seconds", browserKey);
    const retried = await place(payload, key, browserKey);
    expect(retried.statusCode, retried.body).toBe(201);
    expect(await ordersFor(payload.contact.email)).toHaveLength(1);
    expect((await productRow(ctx, productId)).stock).toBe(9);
    // The shopper's next retry gets the same answer.
    const again = await place(payload, key, browserKey);
    expect(again.json().orderNumber).toBe(retried.json().orderNumber);
  });

  it("still says 'already being placed' while the instance running it is alive", async () => {
    const { payload, key, browserKey } = await setUp();
    await claimedBy(key, payload, `alive-${randomUUID()}`, "1 second", browserKey);
    const retried = await place(payload, key, browserKey);
    expect(retried.statusCode).toBe(409);
    expect(retried.json().code).toBe("IN_PROGRESS");
    expect(await ordersFor(payload.contact.email)).toHaveLength(0);
  });

  it("lets one of two retries racing for a dead run's key place it", async () => {
    const { payload, key, productId, browserKey } = await setUp();
    await claimedBy(key, payload, `crashed-${randomUUID()}`, "1 minute", browserKey);
    const answers = await Promise.all([
      place(payload, key, browserKey),
      place(payload, key, browserKey),
      place(payload, key, browserKey),
    ]);
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect(codes.filter((code) => code === 201).length).toBeGreaterThanOrEqual(1);
    const numbers = new Set(
      answers.filter((answer) => answer.statusCode === 201).map((a) => a.json().orderNumber),
    );
    expect(numbers.size).toBe(1);
    expect(codes.every((code) => code === 201 || code === 409)).toBe(true);
    expect(await ordersFor(payload.contact.email)).toHaveLength(1);
    expect((await productRow(ctx, productId)).stock).toBe(9);
  });

  it("lets no other browser take over a dead run's key: only its own placer retries it", async () => {
    const { payload, key, productId, browserKey } = await setUp();
    const holder = `crashed-${randomUUID()}`;
    await claimedBy(key, payload, holder, "1 minute", browserKey);
    const stranger = await place(payload, key, randomBytes(32).toString("base64url"));
    expect(stranger.statusCode).toBe(422);
    expect(stranger.json().code).toBe("IDEMPOTENCY_KEY_REUSED");
    const [row] = rowsOf<{ state: string; holder: string }>(
      await ctx.database.db.execute(
        sql`select state, holder from idempotency_keys where key = ${`${SCOPE}:${key}`}`,
      ),
    );
    expect(row).toEqual({ state: "processing", holder });
    expect(await ordersFor(payload.contact.email)).toHaveLength(0);
    expect((await place(payload, key, browserKey)).statusCode).toBe(201);
    expect((await productRow(ctx, productId)).stock).toBe(9);
  });

  it("never lets a run that was taken over write its order or its answer", async () => {
    const { payload, key, browserKey } = await setUp();
    // This instance claimed the key, went quiet, and another (alive) took it over.
    await claimedBy(key, payload, THIS_INSTANCE, "0 seconds", browserKey);
    await ctx.database.db.execute(sql`
      insert into store_instances (id) values ('the-new-holder') on conflict (id) do update set seen_at = now()`);
    await ctx.database.db.execute(sql`
      update idempotency_keys set holder = 'the-new-holder' where key = ${`${SCOPE}:${key}`}`);

    await expect(
      completeIdempotencyKey(ctx.database.db, SCOPE, key, { status: 201, body: {} }),
    ).rejects.toBeInstanceOf(ClaimLost);
    const [row] = rowsOf<{ state: string; holder: string }>(
      await ctx.database.db.execute(
        sql`select state, holder from idempotency_keys where key = ${`${SCOPE}:${key}`}`,
      ),
    );
    expect(row).toEqual({ state: "processing", holder: "the-new-holder" });
    expect(await ordersFor(payload.contact.email)).toHaveLength(0);
  });

  it("writes no order for a run whose key was taken over while it worked", async () => {
    const { payload, key, productId } = await setUp();
    await ctx.database.db.execute(sql`
      insert into store_instances (id) values ('the-new-holder') on conflict (id) do update set seen_at = now()`);
    const run = placeOrder(
      {
        db: ctx.database.db,
        gateway: undefined,
        serviceablePincodes: ["751007"],
        hold: paymentHold(15),
        // Claimed by this run; then, mid-way, it is thought dead and another instance takes over.
        beforeWork: async () => {
          await ctx.database.db.execute(sql`
            update idempotency_keys set holder = 'the-new-holder' where key = ${`${SCOPE}:${key}`}`);
        },
      },
      placeOrderSchema.parse(payload),
      key,
      { browserKeyHash: "takeover-browser", network: cashNetworkOf("10.9.0.1", 10), locale: "en" },
    );
    await expect(run).rejects.toMatchObject({ code: "IN_PROGRESS" });
    expect(await ordersFor(payload.contact.email)).toHaveLength(0);
    expect((await productRow(ctx, productId)).stock).toBe(10);
    const [row] = rowsOf<{ state: string; holder: string }>(
      await ctx.database.db.execute(
        sql`select state, holder from idempotency_keys where key = ${`${SCOPE}:${key}`}`,
      ),
    );
    expect(row).toEqual({ state: "processing", holder: "the-new-holder" });
  });
});
