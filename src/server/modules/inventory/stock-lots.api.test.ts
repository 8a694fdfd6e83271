import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { type PickList, SALES_API } from "../../../shared/contracts/sales.ts";
import { addDays, shopDate } from "../../../shared/rules/bulk-delivery-date.ts";
import { STOCK_MESSAGES } from "../../../shared/rules/stock-movement.ts";
import { rowsOf } from "../../db/client.ts";
import {
  asStaff,
  auditOf,
  INVENTORY,
  placeShopOrder,
  productRow,
  testProduct,
} from "../../testing/inventory.ts";
import { ledgerOf, salesManager } from "../../testing/sales.ts";
import { signInStaff } from "../../testing/staff.ts";
import {
  checkStoreInvariants,
  describeReport,
  takeBaseline,
} from "../../testing/store-invariants.ts";
import { testDatabaseKinds, useTestApp } from "../../testing/test-app.ts";

describe.each(testDatabaseKinds)("stock lots on %s", (kind) => {
  const ctx = useTestApp(kind);
  let staff: ReturnType<typeof asStaff>;
  let ids = 0;
  const freshId = (name: string) => `${name}-${process.pid}-${++ids}`;
  const today = () => shopDate(new Date());

  const move = (id: string, body: object) =>
    staff({ method: "POST", url: `${INVENTORY}/products/${id}/movements`, payload: body });
  const receive = (id: string, quantity: number, extra: object = {}) =>
    move(id, {
      kind: "receipt",
      quantity,
      supplier: "Khordha Organic Farm",
      harvestedOn: today(),
      ...extra,
    });
  const lotsOf = async (id: string) => {
    const response = await staff({ method: "GET", url: `${INVENTORY}/products/${id}/lots` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().lots as {
      id: number;
      source: string;
      label: string;
      remaining: number;
      received: number;
      expired: boolean;
      unitCostPaise: number | null;
    }[];
  };
  const shopProduct = async (id: string) =>
    (await ctx.app.inject({ method: "GET", url: `/api/products/${id}` })).json();
  /** Stock and the sum of the product's lots, read in one statement. */
  const held = async (id: string) => {
    const [row] = rowsOf<{ stock: number; lots: number }>(
      await ctx.database.db.execute(sql`
        select p.stock, (select coalesce(sum(remaining), 0)::integer from stock_lots
          where product_id = p.id) as lots from products p where p.id = ${id}`),
    );
    return { stock: Number(row!.stock), lots: Number(row!.lots) };
  };

  beforeAll(async () => {
    staff = asStaff(ctx.app, await signInStaff(ctx.app, "inventory"));
  });

  it("keeps opening stock as its own unrecorded lot, never re-dated by a later receipt", async () => {
    const id = freshId("opening");
    await testProduct(ctx, id, 200);
    const harvested = addDays(today(), -2);
    const received = await receive(id, 50, { harvestedOn: harvested, unitCostPaise: 2500 });
    expect(received.statusCode, received.body).toBe(201);

    // The shop sells the opening stock first, and says nothing of a harvest it never recorded.
    expect(await shopProduct(id)).toMatchObject({ stock: 250, harvestedOn: null });
    const lots = await lotsOf(id);
    expect(lots).toMatchObject([
      { source: "unrecorded", label: "Unrecorded stock", remaining: 200 },
      { source: "receipt", remaining: 50, received: 50, unitCostPaise: 2500 },
    ]);
    expect(lots[1]!.label).toMatch(/^Khordha Organic Farm, harvested \d+ \w{3}$/);

    // Once the opening stock is sold, the shop shows the receipt's harvest.
    const sold = await move(id, { kind: "write_off", quantity: 200, reason: "damaged" });
    expect(sold.statusCode, sold.body).toBe(201);
    expect(await shopProduct(id)).toMatchObject({ stock: 50, harvestedOn: harvested });
    expect(await held(id)).toEqual({ stock: 50, lots: 50 });
  });

  it("sells first in, first out across three lots while shoppers race for the last units", async () => {
    const id = freshId("fifo");
    await testProduct(ctx, id, 0);
    for (const [quantity, cost] of [
      [3, 1000],
      [4, 2000],
      [5, 3000],
    ] as const) {
      expect((await receive(id, quantity, { unitCostPaise: cost })).statusCode).toBe(201);
    }
    const before = (await staff({ method: "GET", url: `${INVENTORY}/summary` })).json();
    // 15 shoppers at once for 12 units: 12 orders, 3 told it is sold out, no lot below zero.
    const answers = await Promise.all(
      Array.from({ length: 15 }, () => placeShopOrder(ctx.app, [{ productId: id, quantity: 1 }])),
    );
    const placed = answers.filter((answer) => answer.statusCode === 201);
    expect(placed).toHaveLength(12);
    for (const refused of answers.filter((answer) => answer.statusCode !== 201)) {
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json().message).toContain("sold out");
    }
    expect((await lotsOf(id)).map((lot) => lot.remaining)).toEqual([]);
    expect(await held(id)).toEqual({ stock: 0, lots: 0 });

    // Each order took one unit from the oldest lot left when it was placed: the first three the
    // ₹10 lot, the next four the ₹20 lot, the last five the ₹30 lot.
    const costs = rowsOf<{ order_number: string; cost: number }>(
      await ctx.database.db.execute(sql`
        select o.order_number, sum(-m.quantity * l.unit_cost_paise)::integer as cost
        from stock_lot_moves m join stock_lots l on l.id = m.lot_id
        join orders o on o.id = m.order_id
        where m.product_id = ${id} and m.kind = 'sale'
        group by o.id, o.order_number order by o.id`),
    );
    expect(costs.map((row) => Number(row.cost))).toEqual([
      1000, 1000, 1000, 2000, 2000, 2000, 2000, 3000, 3000, 3000, 3000, 3000,
    ]);
    // The week's cost of goods sold grows by what those lots cost, each at its own price.
    const after = (await staff({ method: "GET", url: `${INVENTORY}/summary` })).json();
    expect(after.margin.costPaise - before.margin.costPaise).toBe(3 * 1000 + 4 * 2000 + 5 * 3000);
    expect(after.margin.revenuePaise - before.margin.revenuePaise).toBe(12 * 4000);
  });

  it("does not sell a lot past its best-before date until it is checked, and writes it off by name", async () => {
    const id = freshId("best-before");
    await testProduct(ctx, id, 0);
    const stale = await receive(id, 6, {
      harvestedOn: addDays(today(), -5),
      bestBefore: addDays(today(), -1),
    });
    expect(stale.statusCode, stale.body).toBe(201);
    expect(stale.json().product).toMatchObject({ stock: 6, expiredStock: 6, harvestedOn: null });
    expect((await receive(id, 2)).statusCode).toBe(201);

    // The shop offers only the fresh lot, and an order for more is refused, naming what is left.
    expect(await shopProduct(id)).toMatchObject({ stock: 2, harvestedOn: today() });
    const tooMany = await placeShopOrder(ctx.app, [{ productId: id, quantity: 3 }]);
    expect(tooMany.statusCode, tooMany.body).toBe(409);
    expect(tooMany.json().message).toContain("only 2 left");

    const expired = (await staff({ method: "GET", url: `${INVENTORY}/lots/expired` })).json();
    const lot = expired.lots.find((candidate: { productId: string }) => candidate.productId === id);
    expect(lot).toMatchObject({ remaining: 6, expired: true, productName: `Test ${id}` });
    const summary = (await staff({ method: "GET", url: `${INVENTORY}/summary` })).json();
    expect(summary.expiredLots).toBeGreaterThanOrEqual(1);

    // A fresh lot needs no check; the stale one, once checked, sells again (audited).
    const [, fresh] = await lotsOf(id);
    const needless = await staff({
      method: "POST",
      url: `${INVENTORY}/lots/${fresh!.id}/check`,
      payload: {},
    });
    expect(needless.statusCode).toBe(409);
    expect(needless.json().message).toBe(STOCK_MESSAGES.lotNotExpired);
    const checked = await staff({
      method: "POST",
      url: `${INVENTORY}/lots/${lot.id}/check`,
      payload: { note: "Firm and fresh" },
    });
    expect(checked.statusCode, checked.body).toBe(200);
    expect(checked.json().lot).toMatchObject({ expired: false, remaining: 6 });
    expect((await auditOf(ctx, id)).map((entry) => entry.action)).toContain("stock.lot_check");
    const sold = await placeShopOrder(ctx.app, [{ productId: id, quantity: 7 }]);
    expect(sold.statusCode, sold.body).toBe(201);

    // Written off by name, a lot gives only what it holds, and only of its own product.
    const other = freshId("other");
    await testProduct(ctx, other, 5);
    const [otherLot] = await lotsOf(other);
    const [lastLot] = await lotsOf(id);
    const foreign = await move(id, {
      kind: "write_off",
      quantity: 1,
      reason: "expired",
      lotId: otherLot!.id,
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toMatchObject({ field: "lotId", message: STOCK_MESSAGES.lotUnknown });
    const beyond = await move(id, {
      kind: "write_off",
      quantity: lastLot!.remaining + 1,
      reason: "expired",
      lotId: lastLot!.id,
    });
    expect(beyond.statusCode).toBe(409);
    expect(beyond.json().message).toBe(STOCK_MESSAGES.lotTooSmall(lastLot!.remaining));
    const writtenOff = await move(id, {
      kind: "write_off",
      quantity: lastLot!.remaining,
      reason: "expired",
      lotId: lastLot!.id,
    });
    expect(writtenOff.statusCode, writtenOff.body).toBe(201);
    expect(await held(id)).toEqual({ stock: 0, lots: 0 });
    expect(await held(other)).toEqual({ stock: 5, lots: 5 });
  });

  it("refuses a best-before date before the harvest, and one that is not a date", async () => {
    const id = freshId("dates");
    await testProduct(ctx, id, 0);
    const early = await receive(id, 1, {
      harvestedOn: today(),
      bestBefore: addDays(today(), -1),
    });
    expect(early.statusCode).toBe(400);
    expect(early.json()).toMatchObject({
      field: "bestBefore",
      message: expect.stringContaining(STOCK_MESSAGES.bestBeforeBeforeHarvest),
    });
    const garbled = await receive(id, 1, { bestBefore: "2026-02-31" });
    expect(garbled.statusCode).toBe(400);
    expect(garbled.json().message).toContain(STOCK_MESSAGES.bestBeforeInvalid);
    expect((await productRow(ctx, id)).stock).toBe(0);
  });

  it("names the lots on the pick list, puts a cancel back into its lot, and asks a short pick why", async () => {
    const id = freshId("picked");
    await testProduct(ctx, id, 2);
    expect((await receive(id, 10, { unitCostPaise: 1500 })).statusCode).toBe(201);
    const first = await placeShopOrder(ctx.app, [{ productId: id, quantity: 4 }]);
    const second = await placeShopOrder(ctx.app, [{ productId: id, quantity: 3 }]);
    const third = await placeShopOrder(ctx.app, [{ productId: id, quantity: 2 }]);
    const [a, b, c] = [first, second, third].map((answer) => {
      expect(answer.statusCode, answer.body).toBe(201);
      return answer.json().orderNumber as string;
    }) as [string, string, string];
    const manager = await salesManager(ctx.app);
    for (const orderNumber of [a, b, c]) await manager.bringTo(orderNumber, "confirmed");

    const pickList = (
      await manager.request({ method: "GET", url: `${SALES_API}/pick-list` })
    ).json() as PickList;
    const line = pickList.products.find((product) => product.productId === id)!;
    expect(line.totalUnits).toBe(9);
    expect(line.lots).toEqual([
      { label: "Unrecorded stock", quantity: 2 },
      { label: expect.stringMatching(/^Khordha Organic Farm, harvested/), quantity: 7 },
    ]);

    // A cancel gives the units back to the lot they came from.
    expect((await manager.cancel(c)).statusCode).toBe(200);
    const lots = await lotsOf(id);
    expect(lots.map((lot) => lot.remaining)).toEqual([5]);

    // Not on the shelf: a count correction; damaged: a write-off saying so.
    const notThere = await manager.move(a, "packed", [
      { productId: id, quantity: 3, reason: "not_on_shelf" },
    ]);
    expect(notThere.statusCode, notThere.body).toBe(200);
    const damaged = await manager.move(b, "packed", [
      { productId: id, quantity: 1, reason: "damaged" },
    ]);
    expect(damaged.statusCode, damaged.body).toBe(200);
    const kinds = async (orderNumber: string) =>
      (await ledgerOf(ctx, orderNumber)).map((row) => [row.kind, row.quantity, row.reason]);
    expect(await kinds(a)).toEqual([
      ["sale", -4, null],
      ["cancellation", 1, null],
      ["count", -1, null],
    ]);
    expect(await kinds(b)).toEqual([
      ["sale", -3, null],
      ["cancellation", 2, null],
      ["write_off", -2, "damaged"],
    ]);
    expect(await held(id)).toEqual({ stock: 5, lots: 5 });
  });

  it("keeps every product's stock equal to its lots through receipts, sales, counts and cancels", async () => {
    const baseline = await takeBaseline(ctx.database);
    const id = freshId("invariant");
    await testProduct(ctx, id, 7);
    await receive(id, 5, { unitCostPaise: 900 });
    const [unrecorded] = await lotsOf(id);
    expect((await move(id, { kind: "count", counted: 10, lotId: unrecorded!.id })).statusCode).toBe(
      201,
    );
    expect((await move(id, { kind: "count", counted: 14 })).statusCode).toBe(201);
    const order = await placeShopOrder(ctx.app, [{ productId: id, quantity: 9 }]);
    expect(order.statusCode, order.body).toBe(201);
    const manager = await salesManager(ctx.app);
    expect((await manager.cancel(order.json().orderNumber)).statusCode).toBe(200);
    expect(await held(id)).toEqual({ stock: 14, lots: 14 });
    const report = await checkStoreInvariants(ctx.database, {
      baseline,
      acknowledged: [],
      captured: [],
    });
    const lots = report.invariants.find((invariant) => invariant.id === "lots-hold-stock")!;
    expect(lots.pass, describeReport(report)).toBe(true);
  });
});
