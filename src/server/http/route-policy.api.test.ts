import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp, type StoreApp } from "../app.ts";
import type { DatabaseHandle } from "../db/client.ts";
import { createTestDatabase, testConfig, testDatabaseKinds } from "../testing/test-app.ts";

describe.each(testDatabaseKinds)("the store's route policy on %s", (kind) => {
  let database: DatabaseHandle;
  let drop: () => Promise<unknown> = async () => {};
  const apps: StoreApp[] = [];

  beforeAll(async () => {
    const created = await createTestDatabase(kind);
    database = created.handle;
    drop = created.drop;
    await database.migrate();
  });
  afterAll(async () => {
    for (const app of apps) await app.close().catch(() => {});
    await database?.close();
    await drop();
  });

  const storeApp = async () => {
    const app = await buildApp({ config: testConfig(), database, logger: false });
    apps.push(app);
    return app;
  };

  it("refuses an API route that declares no access, naming it", async () => {
    const app = await storeApp();
    expect(() => app.get("/api/planted", async () => "open")).toThrow(
      "GET /api/planted declares no access policy",
    );
  });

  it("will not get ready with an undeclared route inside a module's plugin", async () => {
    const app = await storeApp();
    app.register(
      async (module) => {
        module.post("/planted", async () => "open");
      },
      { prefix: "/api/orders" },
    );
    await expect(app.ready()).rejects.toThrow("POST /api/orders/planted declares no access policy");
  });
});
