import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  freshLoopbackAddress,
  type HttpAnswer,
  postOrderOverHttp,
} from "../testing/shop-over-http.ts";
import {
  type ClusterDatabase,
  createClusterDatabase,
  disposeStoreInstances,
  type Haproxy,
  haproxyUnavailable,
  postgresUnavailable,
  type StoreInstance,
  startHaproxy,
  startStoreInstances,
} from "../testing/store-instances.ts";

const unavailable = haproxyUnavailable ?? (await postgresUnavailable());

type Item = { productId: string; quantity: number };
type Attempt = { startedAt: number; answer: HttpAnswer };
type PlacedOrder = { orderNumber: string; lines: Item[] };

const BUYERS = 6;
const STOCK = 100_000;
const PRODUCTS = ["rolling-tomatoes", "rolling-okra"];

const describeCluster = describe.skipIf(unavailable !== undefined);

describeCluster(
  `two store processes behind HAProxy on one PostgreSQL${unavailable ? ` (skipped: ${unavailable})` : ""}`,
  () => {
    let database: ClusterDatabase;
    let instances: StoreInstance[] = [];
    let proxy: Haproxy | undefined;
    let pool: pg.Pool;

    async function addProduct(id: string, stock: number) {
      await pool.query(
        `insert into products (id, name, category_id, price_paise, unit, image, description, stock,
           gst_rate_bps, hsn_code, low_stock_threshold)
         values ($1, $2, 'vegetables', 4000, 'kg', '/images/x.svg', '', $3, 0, '0709', 5)`,
        [id, `Test ${id}`, stock],
      );
      await pool.query(
        `insert into stock_movements (product_id, kind, quantity, stock_after, note)
         values ($1, 'count', $2, $2, 'Opening stock')`,
        [id, stock],
      );
    }

    const stockOf = async (id: string) =>
      Number(
        (await pool.query<{ stock: number }>("select stock from products where id = $1", [id]))
          .rows[0]?.stock,
      );

    const sentTo = async () =>
      Object.fromEntries(
        await Promise.all(
          instances.map(
            async (instance) =>
              [instance.name, Number((await proxy!.serverStats(instance.name)).stot)] as const,
          ),
        ),
      );

    /** What went wrong, readably: the attempt's status and message, or its socket's error. */
    const failureOf = ({ answer }: Attempt) =>
      answer.status === undefined
        ? `no answer: ${answer.error}`
        : `${answer.status} ${JSON.stringify(answer.body).slice(0, 200)}`;

    beforeAll(async () => {
      database = await createClusterDatabase();
      pool = new pg.Pool({ connectionString: database.url, max: 2 });
      instances = await startStoreInstances(2, { databaseUrl: database.url });
      proxy = await startHaproxy(instances.map(({ name, port }) => ({ name, port })));
      for (const instance of instances) await proxy.waitForServer(instance.name, "UP");
      for (const id of PRODUCTS) await addProduct(id, STOCK);
    }, 90_000);

    afterAll(async () => {
      await proxy?.stop();
      await disposeStoreInstances(instances);
      await pool?.end();
      await database?.drop();
    }, 60_000);

    it("loses no checkout while each instance in turn is stopped (SIGTERM) and started again", async () => {
      const attempts: Attempt[] = [];
      let loading = true;
      const buyer = async (which: number) => {
        for (let n = 0; loading; n++) {
          const items = [{ productId: PRODUCTS[0]!, quantity: 1 + ((which + n) % 3) }];
          if (n % 2 === 0) items.push({ productId: PRODUCTS[1]!, quantity: 1 + (n % 2) });
          const startedAt = Date.now();
          const answer = await postOrderOverHttp(proxy!.url, items, {
            from: freshLoopbackAddress(),
          });
          attempts.push({ startedAt, answer });
        }
      };
      const load = Promise.all(Array.from({ length: BUYERS }, (_, which) => buyer(which)));

      /** From each instance's exit until the proxy has it back. */
      const downtimes: { name: string; from: number; to: number }[] = [];
      const sentWhenBack: Record<string, number> = {};
      try {
        await new Promise((resolve) => setTimeout(resolve, 1000));
        for (const instance of instances) {
          expect(await instance.stop("SIGTERM")).toEqual({ code: 0, signal: null });
          const from = Date.now();
          await instance.start();
          // Back in the proxy's rotation (its checks' `rise`), not only ready: stopping the next
          // one sooner leaves the proxy no server, and it answers 503 itself meanwhile.
          await proxy!.waitForServer(instance.name, "UP");
          downtimes.push({ name: instance.name, from, to: Date.now() });
          sentWhenBack[instance.name] = (await sentTo())[instance.name]!;
        }
        await new Promise((resolve) => setTimeout(resolve, 1000));
      } finally {
        loading = false;
        await load;
      }

      const failures = attempts.filter((attempt) => attempt.answer.status !== 201);
      expect(failures.map(failureOf)).toEqual([]);
      // The load went on through both restarts: orders were placed while each instance was gone.
      for (const { name, from, to } of downtimes) {
        const during = attempts.filter(({ startedAt }) => startedAt >= from && startedAt <= to);
        expect(during.length, `orders while ${name} stopped`).toBeGreaterThan(0);
      }
      // And each took requests again once it was back.
      const sent = await sentTo();
      for (const { name } of instances) {
        expect(sent[name]! - sentWhenBack[name]!, name).toBeGreaterThan(0);
      }

      // Every acknowledged order is in the database with the lines it was answered with, once.
      const placed = attempts.map(({ answer }) => answer.body as PlacedOrder);
      const stored = await pool.query<{
        order_number: string;
        product_id: string;
        quantity: number;
      }>(
        `select o.order_number, l.product_id, l.quantity
         from orders o join order_lines l on l.order_id = o.id
         order by o.order_number, l.product_id`,
      );
      const storedLines = new Map<string, Item[]>();
      for (const row of stored.rows) {
        const lines = storedLines.get(row.order_number) ?? [];
        lines.push({ productId: row.product_id, quantity: row.quantity });
        storedLines.set(row.order_number, lines);
      }
      expect(storedLines.size).toBe(placed.length);
      for (const order of placed) {
        const answered = order.lines
          .map(({ productId, quantity }) => ({ productId, quantity }))
          .sort((a, b) => a.productId.localeCompare(b.productId));
        expect(storedLines.get(order.orderNumber), order.orderNumber).toEqual(answered);
      }
      // Stock left and stock sold add up to the opening stock.
      for (const id of PRODUCTS) {
        const sold = placed
          .flatMap((order) => order.lines)
          .filter((line) => line.productId === id)
          .reduce((total, line) => total + line.quantity, 0);
        expect(sold).toBeGreaterThan(0);
        expect((await stockOf(id)) + sold, id).toBe(STOCK);
      }
    }, 90_000);

    it("sells the last 5 units to exactly 5 of 20 shoppers racing through both instances", async () => {
      const id = "rolling-last-units";
      await addProduct(id, 5);
      const before = await sentTo();
      const answers = await Promise.all(
        Array.from({ length: 20 }, () =>
          postOrderOverHttp(proxy!.url, [{ productId: id, quantity: 1 }], {
            from: freshLoopbackAddress(),
          }),
        ),
      );
      const after = await sentTo();

      const statuses = answers.map((answer) => answer.status);
      expect(statuses.filter((status) => status === 201)).toHaveLength(5);
      const refused = answers.filter((answer) => answer.status !== 201);
      expect(refused).toHaveLength(15);
      for (const answer of refused) {
        expect(answer.status).toBe(409);
        expect(answer.body).toMatchObject({
          code: "OUT_OF_STOCK",
          message: expect.stringContaining(`Test ${id} (sold out)`),
        });
      }
      for (const instance of instances) {
        expect(after[instance.name]! - before[instance.name]!, instance.name).toBeGreaterThan(0);
      }
      expect(await stockOf(id)).toBe(0);
      const ledger = await pool.query<{ lowest: number; sold: string }>(
        `select min(stock_after) as lowest, -sum(quantity) filter (where kind = 'sale') as sold
         from stock_movements where product_id = $1`,
        [id],
      );
      expect(ledger.rows[0]).toEqual({ lowest: 0, sold: "5" });
    });
  },
);
