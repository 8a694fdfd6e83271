import { readFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LIVE_TOPICS } from "../../shared/contracts/live-topics.ts";
import { buildApp } from "../app.ts";
import { asStaff, INVENTORY, placeShopOrder, testProduct } from "../testing/inventory.ts";
import { type Pgbouncer, pgbouncerUnavailable, startPgbouncer } from "../testing/pgbouncer.ts";
import { signInStaff } from "../testing/staff.ts";
import { type OpenStream, openStaffStream } from "../testing/staff-stream.ts";
import {
  ADMIN_DATABASE_URL,
  type ClusterDatabase,
  createClusterDatabase,
  postgresUnavailable,
} from "../testing/store-instances.ts";
import { type TestContext, testConfig } from "../testing/test-app.ts";
import { openDatabase } from "./client.ts";
import { LISTENER_NAME } from "./postgres-listener.ts";
import { seedDatabase } from "./seed/seed.ts";

const unavailable = pgbouncerUnavailable ?? (await postgresUnavailable());

const MIGRATIONS = (
  JSON.parse(
    readFileSync(path.join(import.meta.dirname, "migrations/meta/_journal.json"), "utf8"),
  ) as { entries: unknown[] }
).entries.length;

type PoolStats = { database: string; total_xact_count: string };
type BouncerClient = { database: string; application_name: string };
const SERVER_STATES = ["sv_active", "sv_idle", "sv_used", "sv_tested", "sv_login"] as const;
type PoolRow = { database: string } & Record<(typeof SERVER_STATES)[number], string>;
/** Server connections PgBouncer may open to the database: fewer than the store's pool (10). */
const POOL_SIZE = 4;

describe.skipIf(unavailable !== undefined)(
  `the store through PgBouncer in transaction mode${unavailable ? ` (skipped: ${unavailable})` : ""}`,
  () => {
    let database: ClusterDatabase;
    let bouncer: Pgbouncer;
    let direct: pg.Pool;
    let baseUrl: string;
    const ctx = {} as TestContext;
    const streams: OpenStream[] = [];

    /** Transactions PgBouncer has passed to the test's database so far. */
    const transactionsThrough = async () =>
      Number(
        (await bouncer.admin<PoolStats>("show stats")).find((row) => row.database === database.name)
          ?.total_xact_count ?? 0,
      );

    beforeAll(async () => {
      database = await createClusterDatabase();
      const server = new URL(ADMIN_DATABASE_URL);
      bouncer = await startPgbouncer({
        target: { host: server.hostname, port: Number(server.port || 5432) },
        poolSize: POOL_SIZE,
      });
      direct = new pg.Pool({ connectionString: database.url, max: 1 });
      // As main.ts opens it with DATABASE_URL on PgBouncer and DATABASE_DIRECT_URL beside it.
      ctx.database = await openDatabase({
        databaseUrl: bouncer.url(database.name),
        directUrl: database.url,
      });
      await ctx.database.migrate();
      await seedDatabase(ctx.database.db, { demoStaffPasswords: true });
      ctx.app = await buildApp({ config: testConfig(), database: ctx.database, logger: false });
      await ctx.app.listen({ host: "127.0.0.1", port: 0 });
      baseUrl = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
    });

    afterAll(async () => {
      for (const stream of streams) stream.close();
      await ctx.app?.close();
      await ctx.database?.close();
      await direct?.end();
      await bouncer?.stop();
      await database?.drop();
    });

    it("migrates on PostgreSQL itself and seeds through the pooler", async () => {
      const applied = await direct.query<{ count: string }>(
        "select count(*) from drizzle.__drizzle_migrations",
      );
      expect(Number(applied.rows[0]!.count)).toBe(MIGRATIONS);
      const products = await direct.query<{ count: string }>("select count(*) from products");
      expect(Number(products.rows[0]!.count)).toBeGreaterThan(0);
      expect(await transactionsThrough()).toBeGreaterThan(0);
    });

    it("places concurrent checkouts on fewer server connections than the store's pool, stock exact", async () => {
      const id = `pooled-${process.pid}`;
      await testProduct(ctx, id, 10);
      const before = await transactionsThrough();
      const answers = await Promise.all(
        Array.from({ length: 16 }, () => placeShopOrder(ctx.app, [{ productId: id, quantity: 1 }])),
      );
      const statuses = answers.map((answer) => answer.statusCode);
      expect(statuses.filter((status) => status === 201)).toHaveLength(10);
      for (const refused of answers.filter((answer) => answer.statusCode !== 201)) {
        expect(refused.statusCode).toBe(409);
        expect(refused.json().code).toBe("OUT_OF_STOCK");
      }
      const numbers = answers
        .filter((answer) => answer.statusCode === 201)
        .map((answer) => answer.json().orderNumber as string);
      const stored = await direct.query<{ order_number: string; quantity: number }>(
        `select o.order_number, l.quantity from orders o join order_lines l on l.order_id = o.id
         where l.product_id = $1 order by o.order_number`,
        [id],
      );
      expect(stored.rows).toEqual(
        numbers.sort().map((order_number) => ({ order_number, quantity: 1 })),
      );
      const stock = await direct.query("select stock from products where id = $1", [id]);
      expect(stock.rows[0]).toEqual({ stock: 0 });
      expect((await transactionsThrough()) - before).toBeGreaterThanOrEqual(16);
      const [pool] = (await bouncer.admin<PoolRow>("show pools")).filter(
        (row) => row.database === database.name,
      );
      const servers = SERVER_STATES.reduce((total, state) => total + Number(pool![state]), 0);
      const clients = (await bouncer.admin<BouncerClient>("show clients")).filter(
        (client) => client.database === database.name,
      );
      expect(servers).toBeLessThanOrEqual(POOL_SIZE);
      expect(clients.length).toBeGreaterThan(servers);
    });

    it("shows a staff move on an open dashboard, heard over a direct connection", async () => {
      const id = `listened-${process.pid}`;
      await testProduct(ctx, id, 3);
      const cookie = await signInStaff(ctx.app, "inventory");
      const stream = await openStaffStream(baseUrl, cookie);
      streams.push(stream);
      expect(stream.status).toBe(200);

      const counted = await asStaff(
        ctx.app,
        cookie,
      )({
        method: "POST",
        url: `${INVENTORY}/products/${id}/movements`,
        payload: { kind: "count", counted: 7 },
      });
      expect(counted.statusCode).toBe(201);
      expect(
        await stream.waitFor((event) => (event as { topic?: string; id?: string }).id === id, 3000),
      ).toEqual({ topic: LIVE_TOPICS.stock, dashboards: ["inventory"], id });

      // The LISTEN is PostgreSQL's own session, not one PgBouncer hands from client to client.
      const listeners = await direct.query(
        "select 1 from pg_stat_activity where application_name = $1 and datname = $2",
        [LISTENER_NAME, database.name],
      );
      expect(listeners.rowCount).toBe(1);
      const pooled = await bouncer.admin<BouncerClient>("show clients");
      expect(pooled.filter((client) => client.database === database.name).length).toBeGreaterThan(
        0,
      );
      expect(pooled.some((client) => client.application_name === LISTENER_NAME)).toBe(false);
    });
  },
);
