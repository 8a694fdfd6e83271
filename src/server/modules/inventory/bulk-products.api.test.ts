import type pg from "pg";
import { beforeAll, describe, expect, it } from "vitest";
import { BULK_MESSAGES, BULK_PRODUCTS_MAX } from "../../../shared/contracts/inventory-bulk.ts";
import { LIVE_TOPICS } from "../../../shared/contracts/live-topics.ts";
import { PRICE_CHANGE_MESSAGES } from "../../../shared/rules/price-change.ts";
import { TEST_ORIGIN } from "../../testing/customers.ts";
import { asStaff, auditOf, INVENTORY, productRow, testProduct } from "../../testing/inventory.ts";
import { signInStaff } from "../../testing/staff.ts";
import { testDatabaseKinds, useTestApp } from "../../testing/test-app.ts";
import { STAFF_CHANNEL } from "../live/notices.ts";

const BULK = `${INVENTORY}/products/bulk`;
let keys = 0;
const freshKey = () => `bulk-test-${process.pid}-${Date.now()}-${++keys}`;

describe.each(testDatabaseKinds)("bulk actions on products on %s", (kind) => {
  const ctx = useTestApp(kind);
  let staff: ReturnType<typeof asStaff>;
  let ids = 0;
  /** Products of the test's own (₹40.00 each, in vegetables), with what a table row would send. */
  async function fresh(count: number) {
    const made: { id: string; version: number }[] = [];
    for (let i = 0; i < count; i++) {
      const id = `bulk-${process.pid}-${++ids}`;
      await testProduct(ctx, id, 0);
      made.push({ id, version: (await productRow(ctx, id)).version });
    }
    return made;
  }
  const send = (action: string, payload: object, key = freshKey(), as = staff) =>
    as({ method: "POST", url: `${BULK}/${action}`, payload, headers: { "idempotency-key": key } });

  beforeAll(async () => {
    staff = asStaff(ctx.app, await signInStaff(ctx.app, "inventory"));
  });

  it("archives and restores several products, each with its own audit entry", async () => {
    const named = await fresh(2);
    const archived = await send("archive", { products: named });
    expect(archived.statusCode).toBe(200);
    expect(archived.json().changed.map((p: { id: string }) => p.id)).toEqual(
      named.map((p) => p.id),
    );
    for (const { id, version } of named) {
      const row = await productRow(ctx, id);
      expect(row.archivedAt).not.toBeNull();
      expect(row.version).toBe(version + 1);
      expect((await auditOf(ctx, id)).map((entry) => entry.action)).toEqual(["product.archive"]);
    }
    const shop = (await ctx.app.inject({ method: "GET", url: "/api/products" })).json();
    expect(shop.products.map((p: { id: string }) => p.id)).not.toContain(named[0]!.id);

    const current = await Promise.all(
      named.map(async ({ id }) => ({ id, version: (await productRow(ctx, id)).version })),
    );
    const restored = await send("restore", { products: current });
    expect(restored.statusCode).toBe(200);
    for (const { id } of named) {
      expect((await productRow(ctx, id)).archivedAt).toBeNull();
      expect((await auditOf(ctx, id)).map((entry) => entry.action)).toEqual([
        "product.archive",
        "product.restore",
      ]);
    }
  });

  it("leaves a product already as asked alone: no new version, no audit entry", async () => {
    const [first, second] = await fresh(2);
    await send("archive", { products: [first] });
    const both = [
      { id: first!.id, version: first!.version + 1 },
      { id: second!.id, version: second!.version },
    ];
    const answer = await send("archive", { products: both });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().unchanged).toEqual([first!.id]);
    expect((await productRow(ctx, first!.id)).version).toBe(first!.version + 1);
    expect(await auditOf(ctx, first!.id)).toHaveLength(1);
  });

  it("moves several products to a category as an edit does", async () => {
    const named = await fresh(2);
    const answer = await send("category", { products: named, category: "herbs" });
    expect(answer.statusCode).toBe(200);
    for (const { id } of named) {
      expect((await productRow(ctx, id)).categoryId).toBe("herbs");
      expect(await auditOf(ctx, id)).toMatchObject([
        {
          action: "product.update",
          before: { category: "vegetables" },
          after: { category: "herbs" },
          role: "inventory",
        },
      ]);
    }
  });

  it("changes prices by a percentage, rounded to the paisa", async () => {
    const named = await fresh(2);
    await ctx.database.db.execute(
      `update products set price_paise = 4999 where id = '${named[1]!.id}'`,
    );
    const answer = await send("price", { products: named, percent: 12.5 });
    expect(answer.statusCode).toBe(200);
    // 4000 × 1.125 = 4500; 4999 × 1.125 = 5623.875 → 5624.
    expect((await productRow(ctx, named[0]!.id)).pricePaise).toBe(4500);
    expect((await productRow(ctx, named[1]!.id)).pricePaise).toBe(5624);
    expect(await auditOf(ctx, named[0]!.id)).toMatchObject([
      { action: "product.update", before: { pricePaise: 4000 }, after: { pricePaise: 4500 } },
    ]);

    const lowered = await send("price", {
      products: named.map(({ id }, i) => ({ id, version: named[i]!.version + 1 })),
      percent: -5,
    });
    expect(lowered.statusCode).toBe(200);
    expect((await productRow(ctx, named[0]!.id)).pricePaise).toBe(4275);
  });

  it("refuses a change of more than half unless it is confirmed", async () => {
    const named = await fresh(1);
    for (const percent of [60, -51]) {
      const refused = await send("price", { products: named, percent });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe(PRICE_CHANGE_MESSAGES.largeChange);
    }
    expect((await productRow(ctx, named[0]!.id)).pricePaise).toBe(4000);
    const confirmed = await send("price", {
      products: named,
      percent: 60,
      confirmLargeChange: true,
    });
    expect(confirmed.statusCode).toBe(200);
    expect((await productRow(ctx, named[0]!.id)).pricePaise).toBe(6400);
  });

  it("refuses a bad body with a clear 400 and changes nothing", async () => {
    const named = await fresh(1);
    const tooMany = Array.from({ length: BULK_PRODUCTS_MAX + 1 }, (_, i) => ({
      id: `p${i}`,
      version: 1,
    }));
    const cases: [string, object, string][] = [
      ["price", { products: named, percent: 0 }, PRICE_CHANGE_MESSAGES.percentInvalid],
      ["price", { products: named, percent: "10" }, PRICE_CHANGE_MESSAGES.percentInvalid],
      ["price", { products: named, percent: 1.234 }, PRICE_CHANGE_MESSAGES.percentInvalid],
      ["price", { products: named, percent: -100 }, PRICE_CHANGE_MESSAGES.percentInvalid],
      ["price", { products: named }, PRICE_CHANGE_MESSAGES.percentInvalid],
      ["archive", { products: [] }, BULK_MESSAGES.none],
      ["archive", { products: tooMany }, BULK_MESSAGES.tooMany],
      ["archive", { products: [named[0], named[0]] }, BULK_MESSAGES.repeated],
      ["archive", { products: [{ id: named[0]!.id }] }, BULK_MESSAGES.product],
      ["category", { products: named, category: "spices" }, "categor"],
    ];
    for (const [action, payload, message] of cases) {
      const response = await send(action, payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(response.json().message).toContain(message);
    }
    const noKey = await staff({
      method: "POST",
      url: `${BULK}/archive`,
      payload: { products: named },
    });
    expect(noKey.statusCode).toBe(400);
    expect(await auditOf(ctx, named[0]!.id)).toEqual([]);
  });

  it("refuses the whole request by name when one product changed meanwhile", async () => {
    const named = await fresh(3);
    // A colleague archives the second one after the table was loaded.
    await send("archive", { products: [named[1]] });
    const answer = await send("price", { products: named, percent: 10 });
    expect(answer.statusCode).toBe(409);
    const body = answer.json();
    expect(body.message).toBe(BULK_MESSAGES.stale([`Test ${named[1]!.id}`]));
    expect(body.issues).toEqual([{ field: named[1]!.id, message: `Test ${named[1]!.id}` }]);
    for (const { id } of named) expect((await productRow(ctx, id)).pricePaise).toBe(4000);
    expect(await auditOf(ctx, named[0]!.id)).toEqual([]);

    const gone = await send("archive", {
      products: [named[0], { id: `no-such-${process.pid}`, version: 1 }],
    });
    expect(gone.statusCode).toBe(404);
    expect((await productRow(ctx, named[0]!.id)).archivedAt).toBeNull();
  });

  it("applies a percentage once however often the same request is sent", async () => {
    const named = await fresh(1);
    const key = freshKey();
    const first = await send("price", { products: named, percent: 10 }, key);
    const again = await send("price", { products: named, percent: 10 }, key);
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect((await productRow(ctx, named[0]!.id)).pricePaise).toBe(4400);
    expect(await auditOf(ctx, named[0]!.id)).toHaveLength(1);
    // The same key for another request is refused, not answered with the first answer.
    const other = await send("price", { products: named, percent: 20 }, key);
    expect(other.statusCode).toBe(422);
  });

  it("lets two requests at once change a product once: the other is told it changed", async () => {
    const named = await fresh(1);
    const [a, b] = await Promise.all([
      send("price", { products: named, percent: 10 }),
      send("price", { products: named, percent: 10 }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect((await productRow(ctx, named[0]!.id)).pricePaise).toBe(4400);
  });

  it("admits only the inventory dashboard", async () => {
    const named = await fresh(1);
    const sales = asStaff(ctx.app, await signInStaff(ctx.app, "sales"));
    const forbidden = await send("archive", { products: named }, freshKey(), sales);
    expect(forbidden.statusCode).toBe(403);
    const anonymous = await ctx.app.inject({
      method: "POST",
      url: `${BULK}/price`,
      payload: { products: named, percent: 10 },
      headers: { origin: TEST_ORIGIN, "idempotency-key": freshKey() },
    });
    expect(anonymous.statusCode).toBe(401);
    const row = await productRow(ctx, named[0]!.id);
    expect([row.pricePaise, row.archivedAt]).toEqual([4000, null]);
  });
});

// LISTEN needs a connection of its own, which only PostgreSQL gives a test.
describe.runIf(process.env.TEST_DATABASE_URL)("bulk actions tell the dashboards", () => {
  const ctx = useTestApp("postgres");

  it("sends one notice per product changed, as a single edit does", async () => {
    const id = `bulk-notice-${process.pid}`;
    const other = `${id}-2`;
    await testProduct(ctx, id, 0);
    await testProduct(ctx, other, 0);
    const staff = asStaff(ctx.app, await signInStaff(ctx.app, "inventory"));
    const pool = (ctx.database.db as unknown as { $client: pg.Pool }).$client;
    const client = await pool.connect();
    const events: unknown[] = [];
    client.on("notification", (message) => {
      if (message.channel === STAFF_CHANNEL) events.push(JSON.parse(message.payload ?? "null"));
    });
    await client.query(`listen ${STAFF_CHANNEL}`);
    try {
      const answer = await staff({
        method: "POST",
        url: `${BULK}/category`,
        payload: {
          products: [
            { id, version: 1 },
            { id: other, version: 1 },
          ],
          category: "fruits",
        },
        headers: { "idempotency-key": freshKey() },
      });
      expect(answer.statusCode).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(events).toEqual([
        { topic: LIVE_TOPICS.products, dashboards: ["inventory"], id },
        { topic: LIVE_TOPICS.products, dashboards: ["inventory"], id: other },
      ]);
    } finally {
      await client.query(`unlisten ${STAFF_CHANNEL}`);
      client.release();
    }
  });
});
