import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "./db/client.ts";
import { createHttpApp } from "./http/http-app.ts";
import { authPlugin } from "./modules/auth/index.ts";
import { checkoutPlugin } from "./modules/checkout/index.ts";
import { livePlugin } from "./modules/live/index.ts";
import { ordersPlugin } from "./modules/orders/index.ts";
import { createMetrics } from "./observability/metrics.ts";
import { createTestDatabase, testConfig } from "./testing/test-app.ts";

// The modules others lean on offer it on the app and name what they need: registered out of
// order, the store does not start, and says which module is missing.
describe("modules registered before what they lean on", () => {
  let database: DatabaseHandle;
  const config = testConfig();
  const closers: (() => Promise<unknown>)[] = [];

  beforeAll(async () => {
    database = (await createTestDatabase("pglite")).handle;
  });
  afterAll(async () => {
    for (const close of closers) await close().catch(() => {});
    await database?.close();
  });

  const bareApp = async () => {
    const { app } = await createHttpApp({
      config,
      database,
      metrics: createMetrics(database, { lateOrders: async () => 0 }),
      logger: false,
    });
    closers.push(() => app.close());
    return app;
  };

  it("checkout without orders, payments or the customers' auth refuses to start", async () => {
    const app = await bareApp();
    app.register(checkoutPlugin, { db: database.db, config, databaseKind: database.kind });
    await expect(app.ready()).rejects.toThrow(/dependency 'auth' of plugin 'checkout'/);
  });

  it("orders after auth but without the live bus refuses to start, naming it", async () => {
    const app = await bareApp();
    await app.register(authPlugin, { db: database.db, config, secret: "s".repeat(32) });
    app.register(ordersPlugin, { db: database.db, publicUrl: config.publicUrl, secret: "s" });
    await expect(app.ready()).rejects.toThrow(/dependency 'live' of plugin 'orders'/);
  });

  it("in order, the same modules start", async () => {
    const app = await bareApp();
    await app.register(livePlugin, { database });
    await app.register(authPlugin, { db: database.db, config, secret: "s".repeat(32) });
    await app.register(ordersPlugin, { db: database.db, publicUrl: config.publicUrl, secret: "s" });
    await expect(app.ready()).resolves.toBeDefined();
    expect(app.orders.linkKey).toEqual(expect.any(String));
  });
});
