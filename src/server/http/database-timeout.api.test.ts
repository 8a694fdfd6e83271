import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp, type StoreApp } from "../app.ts";
import { type DatabaseHandle, openDatabase, rowsOf } from "../db/client.ts";
import { productRow, shopOrderRequest, testProduct } from "../testing/inventory.ts";
import { relayTo } from "../testing/tcp-relay.ts";
import { createTestDatabase, testConfig } from "../testing/test-app.ts";
import { UNREACHABLE_MESSAGE, UNREACHABLE_RETRY_AFTER_SECONDS } from "./error-handler.ts";

/** Short, so the suite waits little; the store reads DATABASE_STATEMENT_TIMEOUT_MS. */
const TIMEOUT_MS = 300;
/** Past this the lock is let go whatever happened: a store without the timeout then places it. */
const LOCK_HELD_AT_MOST_MS = 5000;

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  "a PostgreSQL statement that waits too long",
  () => {
    let url: string;
    let drop: () => Promise<unknown>;
    let database: DatabaseHandle;
    let app: StoreApp;
    let holder: pg.Client;

    beforeAll(async () => {
      const created = await createTestDatabase("postgres");
      drop = created.drop;
      await created.handle.close();
      url = created.url!;
      database = await openDatabase({ databaseUrl: url, statementTimeoutMs: TIMEOUT_MS });
      app = await buildApp({ config: testConfig(), database, logger: false });
      await app.ready();
      holder = new pg.Client({ connectionString: url });
      await holder.connect();
    });
    afterAll(async () => {
      await holder?.end();
      await app?.close();
      await database?.close();
      await drop?.();
    });

    it("is cancelled when another connection's lock holds it: the checkout is answered 503 with Retry-After, nothing of it is written, and the same key places it once the lock is gone", async () => {
      const ctx = { app, database };
      const productId = `locked-${process.pid}-${Date.now()}`;
      await testProduct(ctx, productId, 10);
      const request = shopOrderRequest([{ productId, quantity: 1 }]);
      const email = request.payload.contact.email;
      const key = `checkout:${request.headers["idempotency-key"]}`;

      // A long staff transaction, or a stuck one, holds the product's row.
      await holder.query("begin");
      await holder.query("select 1 from products where id = $1 for update", [productId]);
      const letGo = setTimeout(() => void holder.query("rollback"), LOCK_HELD_AT_MOST_MS);
      let refused: Awaited<ReturnType<StoreApp["inject"]>>;
      try {
        refused = await app.inject(request);
      } finally {
        clearTimeout(letGo);
      }
      expect(refused.statusCode, refused.body).toBe(503);
      expect(refused.headers["retry-after"]).toBe(String(UNREACHABLE_RETRY_AFTER_SECONDS));
      expect(refused.json()).toMatchObject({ code: "UNAVAILABLE", message: UNREACHABLE_MESSAGE });

      // Read while the lock is still held: nothing of the order was written, and its key is free.
      const written = async () =>
        rowsOf<{ orders: number; mails: number; keys: number }>(
          await database.db.execute(sql`
          select
            (select count(*)::int from orders where email = ${email}) as orders,
            (select count(*)::int from mail_outbox where to_address = ${email}) as mails,
            (select count(*)::int from idempotency_keys where key = ${key}) as keys`),
        )[0];
      expect(await written()).toEqual({ orders: 0, mails: 0, keys: 0 });
      expect((await productRow(ctx, productId)).stock).toBe(10);

      await holder.query("rollback");
      const placed = await app.inject(request);
      expect(placed.statusCode, placed.body).toBe(201);
      const repeated = await app.inject(request);
      expect(repeated.json().orderNumber).toBe(placed.json().orderNumber);
      expect(await written()).toMatchObject({ orders: 1, keys: 1 });
      expect((await productRow(ctx, productId)).stock).toBe(9);
    });

    it("is set on the store's own connections, and not through a pooler, which would refuse it", async () => {
      const timeoutOf = async (handle: DatabaseHandle) =>
        rowsOf<{ statement_timeout: string }>(
          await handle.db.execute(sql`show statement_timeout`),
        )[0]!.statement_timeout;
      expect(await timeoutOf(database)).toBe(`${TIMEOUT_MS}ms`);

      const { relay, url: pooled } = await relayTo(url);
      const viaPooler = await openDatabase({
        databaseUrl: pooled,
        directUrl: url,
        statementTimeoutMs: TIMEOUT_MS,
      });
      try {
        expect(await timeoutOf(viaPooler)).toBe("0");
      } finally {
        await viaPooler.close();
        await relay.close();
      }
    });
  },
);
