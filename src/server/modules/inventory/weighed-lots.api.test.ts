import { sql } from "drizzle-orm";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../../db/client.ts";
import { asStaff, INVENTORY, placeShopOrder, testProduct } from "../../testing/inventory.ts";
import { signInStaff } from "../../testing/staff.ts";
import {
  checkStoreInvariants,
  describeReport,
  takeBaseline,
} from "../../testing/store-invariants.ts";
import { testDatabaseKinds, useTestApp } from "../../testing/test-app.ts";

// Lots in grams (decisions 52 and 53): fractional kilos received, sold by the step, first in,
// first out, and never more taken from a lot than it holds.
describe.each(testDatabaseKinds)("weighed lots on %s", (kind) => {
  const ctx = useTestApp(kind);
  let staff: ReturnType<typeof asStaff>;
  let ids = 0;
  const freshId = (name: string) => `${name}-${process.pid}-${++ids}`;

  const move = (id: string, body: object) =>
    staff({ method: "POST", url: `${INVENTORY}/products/${id}/movements`, payload: body });
  const receive = (id: string, grams: number, costPerKg: number) =>
    move(id, {
      kind: "receipt",
      quantity: grams,
      supplier: "Dhauli Farms",
      harvestedOn: new Date().toISOString().slice(0, 10),
      unitCostPaise: costPerKg,
    });
  /** Stock, and every lot's remaining and received grams, oldest first. */
  const shelf = async (id: string) => {
    const lots = rowsOf<{ remaining: number; received: number }>(
      await ctx.database.db.execute(
        sql`select remaining, received from stock_lots where product_id = ${id} order by id`,
      ),
    );
    const [product] = rowsOf<{ stock: number }>(
      await ctx.database.db.execute(sql`select stock from products where id = ${id}`),
    );
    return { stock: Number(product!.stock), lots: lots.map((lot) => Number(lot.remaining)) };
  };

  beforeAll(async () => {
    staff = asStaff(ctx.app, await signInStaff(ctx.app, "inventory"));
  });

  it("receives fractional kilos and sells them first in, first out while shoppers race for the last grams", async () => {
    const id = freshId("weighed-fifo");
    await testProduct(ctx, id, 0, { weighed: true });
    // 1.25 kg at ₹30 a kilo, 0.5 kg at ₹50, 0.75 kg at ₹70: 2.5 kg in all.
    for (const [grams, cost] of [
      [1250, 3000],
      [500, 5000],
      [750, 7000],
    ] as const) {
      const received = await receive(id, grams, cost);
      expect(received.statusCode, received.body).toBe(201);
    }
    // A receipt is in whole grams: half a gram is refused.
    expect((await receive(id, 1250.5, 3000)).statusCode).toBe(400);
    const before = (await staff({ method: "GET", url: `${INVENTORY}/summary` })).json();

    // 13 shoppers at once for 250 g each: ten bags, three told it is sold out.
    const answers = await Promise.all(
      Array.from({ length: 13 }, () => placeShopOrder(ctx.app, [{ productId: id, quantity: 250 }])),
    );
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(10);
    for (const refused of answers.filter((answer) => answer.statusCode !== 201)) {
      expect(refused.statusCode, refused.body).toBe(409);
    }
    expect(await shelf(id)).toEqual({ stock: 0, lots: [0, 0, 0] });

    // In the order they were placed: five bags from the ₹30 lot, two from the ₹50, three from
    // the ₹70; a bag's cost is its grams at its lot's price per kilo.
    const costs = rowsOf<{ cost: string }>(
      await ctx.database.db.execute(sql`
        select sum(-m.quantity * l.unit_cost_paise / 1000.0) as cost
        from stock_lot_moves m join stock_lots l on l.id = m.lot_id
        where m.product_id = ${id} and m.kind = 'sale'
        group by m.order_id order by m.order_id`),
    );
    expect(costs.map((row) => Number(row.cost))).toEqual([
      750, 750, 750, 750, 750, 1250, 1250, 1750, 1750, 1750,
    ]);
    const after = (await staff({ method: "GET", url: `${INVENTORY}/summary` })).json();
    expect(after.margin.costPaise - before.margin.costPaise).toBe(3750 + 2500 + 5250);
    expect(after.margin.revenuePaise - before.margin.revenuePaise).toBe(10 * 1000);
  });

  it("keeps the week's cost of goods the same once closed days are rolled up, to the fraction of a paisa", async () => {
    const id = freshId("weighed-rollup");
    await testProduct(ctx, id, 0, { weighed: true });
    // ₹33.33 a kilo: a 250 g bag costs 833.25 paise, which no day's row may round away.
    expect((await receive(id, 2000, 3333)).statusCode).toBe(201);
    const placed = [];
    for (let bag = 0; bag < 3; bag++) {
      const answer = await placeShopOrder(ctx.app, [{ productId: id, quantity: 250 }]);
      expect(answer.statusCode, answer.body).toBe(201);
      placed.push(answer.json().orderNumber as string);
    }
    // Two bags sold two India days ago, one today.
    await ctx.database.db.execute(
      sql`update orders set placed_at = placed_at - interval '2 days'
          where order_number in (${placed[0]}, ${placed[1]})`,
    );
    const live = (await staff({ method: "GET", url: `${INVENTORY}/summary` })).json();

    await ctx.app.housekeeping.runOnce();
    const [row] = rowsOf<{ cost: string; uncosted: string }>(
      await ctx.database.db.execute(sql`
        select cost_paise::text as cost, uncosted_items::text as uncosted
        from daily_product_sales where product_id = ${id}`),
    );
    expect(row).toEqual({ cost: "1666.500", uncosted: "0.000" });
    const rolled = (await staff({ method: "GET", url: `${INVENTORY}/summary` })).json();
    expect(rolled.margin).toEqual(live.margin);
  });

  type Step =
    | { kind: "receipt"; grams: number }
    | { kind: "sale"; steps: number }
    | { kind: "write_off"; grams: number }
    | { kind: "count"; grams: number };
  const step: fc.Arbitrary<Step> = fc.oneof(
    fc.record({ kind: fc.constant("receipt" as const), grams: fc.integer({ min: 1, max: 3000 }) }),
    fc.record({ kind: fc.constant("sale" as const), steps: fc.integer({ min: 1, max: 6 }) }),
    fc.record({
      kind: fc.constant("write_off" as const),
      grams: fc.integer({ min: 1, max: 2000 }),
    }),
    fc.record({ kind: fc.constant("count" as const), grams: fc.integer({ min: 0, max: 4000 }) }),
  );

  it("never takes more from a lot than it holds, whatever receipts, sales, write-offs and counts come", async () => {
    const baseline = await takeBaseline(ctx.database);
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 8 }), async (steps) => {
        const id = freshId("weighed-any");
        await testProduct(ctx, id, 1000, { weighed: true });
        for (const next of steps) {
          const { stock } = await shelf(id);
          if (next.kind === "receipt") {
            expect((await receive(id, next.grams, 4000)).statusCode).toBe(201);
          } else if (next.kind === "sale") {
            const answer = await placeShopOrder(ctx.app, [
              { productId: id, quantity: 250 * next.steps },
            ]);
            // Sold when the shelf holds it; refused, taking nothing, when it does not.
            expect(answer.statusCode, answer.body).toBe(250 * next.steps <= stock ? 201 : 409);
          } else if (next.kind === "write_off") {
            const answer = await move(id, {
              kind: "write_off",
              quantity: next.grams,
              reason: "spoiled",
            });
            expect(answer.statusCode, answer.body).toBe(next.grams <= stock ? 201 : 409);
          } else {
            const answer = await move(id, { kind: "count", counted: next.grams });
            expect([201, 400, 409], answer.body).toContain(answer.statusCode);
          }
          const now = await shelf(id);
          expect(now.lots.every((grams) => grams >= 0)).toBe(true);
          expect(now.lots.reduce((sum, grams) => sum + grams, 0)).toBe(now.stock);
        }
      }),
      { numRuns: 12, seed: 39 },
    );
    const report = await checkStoreInvariants(ctx.database, {
      baseline,
      acknowledged: [],
      captured: [],
    });
    const lots = report.invariants.find((invariant) => invariant.id === "lots-hold-stock")!;
    expect(lots.pass, describeReport(report)).toBe(true);
  }, 120_000);
});
