import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp, type StoreApp } from "../app.ts";
import { type DatabaseHandle, openDatabase, rowsOf } from "../db/client.ts";
import { isDatabaseUnreachable } from "../db/unreachable.ts";
import { HEALTH_PATHS } from "../modules/health/health-routes.ts";
import { runOncePerKey } from "../modules/idempotency/idempotency-store.ts";
import { placeShopOrder } from "../testing/inventory.ts";
import { relayTo, type startTcpRelay } from "../testing/tcp-relay.ts";
import { createTestDatabase, testConfig } from "../testing/test-app.ts";
import { UNREACHABLE_MESSAGE, UNREACHABLE_RETRY_AFTER_SECONDS } from "./error-handler.ts";

describe.skipIf(!process.env.TEST_DATABASE_URL)("PostgreSQL out of reach", () => {
  let relay: Awaited<ReturnType<typeof startTcpRelay>>;
  let drop: () => Promise<unknown>;
  let database: DatabaseHandle;
  let app: StoreApp;
  let productId: string;

  beforeAll(async () => {
    const created = await createTestDatabase("postgres");
    drop = created.drop;
    await created.handle.close();
    let url: string;
    ({ relay, url } = await relayTo(created.url!));
    database = await openDatabase({ databaseUrl: url });
    app = await buildApp({
      config: testConfig({ CATALOGUE_CACHE_SECONDS: "60" }),
      database,
      logger: false,
    });
    await app.ready();
    [{ id: productId }] = rowsOf<{ id: string }>(
      await database.db.execute(sql`select id from products where stock > 100 order by id limit 1`),
    ) as [{ id: string }];
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await relay?.close();
    await drop?.();
  });

  const placeCashOrder = () => placeShopOrder(app, [{ productId, quantity: 1 }]);

  it("answers 503 with Retry-After while it is away, serves the cached catalogue, and heals when it is back", async () => {
    const placed = await placeCashOrder();
    expect(placed.statusCode, placed.body).toBe(201);
    expect((await app.inject({ url: "/api/products" })).statusCode).toBe(200);

    relay.cut();
    const refused = await placeCashOrder();
    expect(refused.statusCode, refused.body).toBe(503);
    expect(refused.headers["retry-after"]).toBe(String(UNREACHABLE_RETRY_AFTER_SECONDS));
    expect(refused.json()).toMatchObject({ code: "UNAVAILABLE", message: UNREACHABLE_MESSAGE });
    expect(refused.json().requestId).toBe(refused.headers["x-request-id"]);

    const catalogue = await app.inject({ url: "/api/products" });
    expect(catalogue.statusCode).toBe(200);
    expect(catalogue.json().products.length).toBeGreaterThan(0);
    expect((await app.inject({ url: HEALTH_PATHS.ready })).statusCode).toBe(503);
    expect((await app.inject({ url: HEALTH_PATHS.live })).statusCode).toBe(200);

    relay.restore();
    const healed = await placeCashOrder();
    expect(healed.statusCode, healed.body).toBe(201);
    expect((await app.inject({ url: HEALTH_PATHS.ready })).statusCode).toBe(200);
  });

  it("frees a key whose run the outage cut off, once the database is back, so the retry is run", async () => {
    const key = { scope: "outage", key: `outage-${Date.now()}`, requestHash: "same-request" };
    const cutOff = runOncePerKey(
      database.db,
      key,
      async () => {
        // The key is claimed; the database goes away before the run can finish or free it.
        relay.cut();
        throw new Error("Connection terminated unexpectedly");
      },
      async () => {},
    );
    await expect(cutOff).rejects.toThrow("Connection terminated unexpectedly");
    relay.restore();
    const retried = () =>
      runOncePerKey(
        database.db,
        key,
        async () => ({ status: 201, body: { again: true } }),
        async () => {},
      );
    // The instance is alive, so only the release can make way for the retry before 2 minutes.
    await expect
      .poll(async () => (await retried().catch((error: Error) => error)) as unknown, {
        timeout: 5000,
        interval: 250,
      })
      .toEqual({ status: 201, body: { again: true } });
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)("PostgreSQL behind a pooler", () => {
  it("runs migrations and LISTEN on DATABASE_DIRECT_URL, and queries through DATABASE_URL", async () => {
    const created = await createTestDatabase("postgres", { empty: true });
    await created.handle.close();
    const direct = created.url!;
    const { relay, url: pooled } = await relayTo(direct);
    const database = await openDatabase({ databaseUrl: pooled, directUrl: direct });
    try {
      // The "pooler" is down: what needs a session of its own still works on the direct URL.
      relay.cut();
      await database.migrate();
      const heard: string[] = [];
      const stop = await database.listen("pooler_test", (payload) => heard.push(payload));
      const notifier = await openDatabase({ databaseUrl: direct });
      await notifier.db.execute(sql`select pg_notify('pooler_test', 'hello')`);
      await notifier.close();
      await expect.poll(() => heard, { timeout: 5000 }).toEqual(["hello"]);
      await stop();
      // Queries go through the pooled URL: refused while it is cut, answered once it is back.
      await expect(database.db.execute(sql`select 1`)).rejects.toSatisfy(isDatabaseUnreachable);
      relay.restore();
      expect(rowsOf(await database.db.execute(sql`select 1 as one`))).toEqual([{ one: 1 }]);
    } finally {
      await database.close();
      await relay.close();
      await created.drop();
    }
  });
});
