import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { addDays, shopDate } from "../../../shared/rules/bulk-delivery-date.ts";
import { STOCK_MESSAGES } from "../../../shared/rules/stock-movement.ts";
import { rowsOf } from "../../db/client.ts";
import { signUpCustomer } from "../../testing/customers.ts";
import {
  asStaff,
  auditOf,
  INVENTORY,
  placeShopOrder,
  productRow,
  testProduct,
} from "../../testing/inventory.ts";
import { signInStaff } from "../../testing/staff.ts";
import { testDatabaseKinds, useTestApp } from "../../testing/test-app.ts";

describe.each(testDatabaseKinds)("stock movements and figures on %s", (kind) => {
  const ctx = useTestApp(kind);
  let staff: ReturnType<typeof asStaff>;
  let ids = 0;
  const freshId = (name: string) => `${name}-${process.pid}-${++ids}`;

  const move = (id: string, body: object) =>
    staff({ method: "POST", url: `${INVENTORY}/products/${id}/movements`, payload: body });
  const today = () => shopDate(new Date());

  beforeAll(async () => {
    staff = asStaff(ctx.app, await signInStaff(ctx.app, "inventory"));
  });

  it("refuses everyone but the inventory manager, before reading the body", async () => {
    const id = freshId("guarded");
    await testProduct(ctx, id, 10);
    const body = { kind: "write_off", quantity: 1, reason: "spoiled" };
    const anonymous = await asStaff(
      ctx.app,
      "",
    )({
      method: "POST",
      url: `${INVENTORY}/products/${id}/movements`,
      payload: body,
    });
    expect(anonymous.statusCode).toBe(401);
    const sales = asStaff(ctx.app, await signInStaff(ctx.app, "sales"));
    const other = await sales({
      method: "POST",
      url: `${INVENTORY}/products/${id}/movements`,
      payload: body,
    });
    expect(other.statusCode).toBe(403);
    expect((await sales({ method: "GET", url: `${INVENTORY}/summary` })).statusCode).toBe(403);
    const customer = await signUpCustomer(ctx.app);
    const shopper = await asStaff(
      ctx.app,
      customer.cookie,
    )({
      method: "GET",
      url: `${INVENTORY}/products/${id}/movements`,
    });
    expect(shopper.statusCode).toBe(403);
    // A session signed out is dead: replaying its cookie gets nowhere.
    const cookie = await signInStaff(ctx.app, "inventory", { fresh: true });
    const signedOut = await asStaff(
      ctx.app,
      cookie,
    )({
      method: "POST",
      url: "/api/staff/auth/sign-out",
      payload: {},
    });
    expect(signedOut.statusCode).toBe(200);
    const replay = await asStaff(
      ctx.app,
      cookie,
    )({
      method: "POST",
      url: `${INVENTORY}/products/${id}/movements`,
      payload: body,
    });
    expect(replay.statusCode).toBe(401);
    expect((await productRow(ctx, id)).stock).toBe(10);
    expect(await auditOf(ctx, id)).toHaveLength(0);
  });

  it("receives stock with its farm and harvest date, and shoppers see the date", async () => {
    const id = freshId("receive");
    await testProduct(ctx, id, 0);
    const harvestedOn = addDays(today(), -1);
    const response = await move(id, {
      kind: "receipt",
      quantity: 25,
      supplier: "Khordha Farmers' Co-op",
      harvestedOn,
      unitCostPaise: 2500,
    });
    expect(response.statusCode).toBe(201);
    const result = response.json();
    expect(result.movement).toMatchObject({
      kind: "receipt",
      quantity: 25,
      stockAfter: 25,
      supplier: "Khordha Farmers' Co-op",
      harvestedOn,
      unitCostPaise: 2500,
      staffName: expect.any(String),
    });
    expect(result.product).toMatchObject({ stock: 25, harvestedOn, unitCostPaise: 2500 });

    const shop = await ctx.app.inject({ method: "GET", url: `/api/products/${id}` });
    expect(shop.json()).toMatchObject({ stock: 25, harvestedOn });

    const audit = await auditOf(ctx, id);
    expect(audit.at(-1)).toMatchObject({
      action: "stock.receive",
      role: "inventory",
      before: { stock: 0 },
      after: { stock: 25, quantity: 25, supplier: "Khordha Farmers' Co-op" },
    });

    // Once that stock is gone, its harvest date says nothing about the shelf.
    await move(id, { kind: "count", counted: 0, note: "sold at the gate" });
    const empty = await ctx.app.inject({ method: "GET", url: `/api/products/${id}` });
    expect(empty.json().harvestedOn).toBeNull();
  });

  it("gives clear messages for a bad movement and records nothing", async () => {
    const id = freshId("invalid");
    await testProduct(ctx, id, 5);
    const cases: [object, string][] = [
      [{ kind: "write_off", quantity: 1 }, STOCK_MESSAGES.reasonRequired],
      [{ kind: "write_off", quantity: 0, reason: "spoiled" }, STOCK_MESSAGES.quantityPositive],
      [{ kind: "write_off", quantity: 1.5, reason: "damaged" }, STOCK_MESSAGES.quantityPositive],
      [
        { kind: "receipt", quantity: 3, supplier: "", harvestedOn: today() },
        STOCK_MESSAGES.supplierRequired,
      ],
      [
        { kind: "receipt", quantity: 3, supplier: "Farm", harvestedOn: addDays(today(), 2) },
        STOCK_MESSAGES.harvestDateInFuture,
      ],
      [
        { kind: "receipt", quantity: 3, supplier: "Farm", harvestedOn: "2026-02-31" },
        STOCK_MESSAGES.harvestDateInvalid,
      ],
      [{ kind: "count", counted: -1 }, STOCK_MESSAGES.countedNonNegative],
    ];
    for (const [body, message] of cases) {
      const response = await move(id, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().message).toContain(message);
    }
    const ledger = await staff({ method: "GET", url: `${INVENTORY}/products/${id}/movements` });
    expect(ledger.json().movements).toHaveLength(1);
  });

  it("refuses a harvest date from before the shop's time, which the ledger's date column cannot hold or means nothing", async () => {
    const id = freshId("ancient");
    await testProduct(ctx, id, 5);
    // Calendar dates JavaScript takes: year 0 is beyond PostgreSQL's dates, the others are typos.
    for (const harvestedOn of ["0000-01-01", "0001-01-01", "1999-12-31"]) {
      const response = await move(id, {
        kind: "receipt",
        quantity: 3,
        supplier: "Farm",
        harvestedOn,
      });
      expect(response.statusCode, harvestedOn).toBe(400);
      expect(response.json()).toMatchObject({
        field: "harvestedOn",
        message: expect.stringContaining(STOCK_MESSAGES.harvestDateTooOld),
      });
    }
    const ledger = await staff({ method: "GET", url: `${INVENTORY}/products/${id}/movements` });
    expect(ledger.json().movements).toHaveLength(1);
    expect((await productRow(ctx, id)).stock).toBe(5);
  });

  it("refuses a write-off that would take stock below zero", async () => {
    const id = freshId("below");
    await testProduct(ctx, id, 3);
    const response = await move(id, { kind: "write_off", quantity: 4, reason: "expired" });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(STOCK_MESSAGES.belowZero(3));
    expect((await productRow(ctx, id)).stock).toBe(3);
    expect(await auditOf(ctx, id)).toHaveLength(0);
    const missing = await move("no-such-product", { kind: "count", counted: 1 });
    expect(missing.statusCode).toBe(404);
  });

  it("records a count as the difference and keeps the ledger newest first, page by page", async () => {
    const id = freshId("ledger");
    await testProduct(ctx, id, 10);
    const written = await move(id, { kind: "count", counted: 7, note: "Monday count" });
    expect(written.json().movement).toMatchObject({ kind: "count", quantity: -3, stockAfter: 7 });
    for (let n = 0; n < 5; n++) {
      await move(id, { kind: "write_off", quantity: 1, reason: "damaged" });
    }
    const first = await staff({
      method: "GET",
      url: `${INVENTORY}/products/${id}/movements?limit=3`,
    });
    const page1 = first.json();
    expect(page1.movements.map((m: { stockAfter: number }) => m.stockAfter)).toEqual([2, 3, 4]);
    expect(page1.nextCursor).toEqual(expect.any(Number));
    const second = await staff({
      method: "GET",
      url: `${INVENTORY}/products/${id}/movements?limit=3&cursor=${page1.nextCursor}`,
    });
    const page2 = second.json();
    expect(page2.movements.map((m: { stockAfter: number }) => m.stockAfter)).toEqual([5, 6, 7]);
    const last = await staff({
      method: "GET",
      url: `${INVENTORY}/products/${id}/movements?limit=3&cursor=${page2.nextCursor}`,
    });
    expect(last.json()).toMatchObject({
      movements: [{ kind: "count", stockAfter: 10 }],
      nextCursor: null,
    });
  });

  it("the ledger cannot be rewritten", async () => {
    const id = freshId("append-only");
    await testProduct(ctx, id, 5);
    /** The database's own refusal (its code and words), under the driver's wrapping. */
    const refusal = (statement: Promise<unknown>) =>
      statement.then(
        () => "done",
        (error: Error & { cause?: Error & { code?: string } }) => {
          const refused = error.cause ?? error;
          return `${(refused as { code?: string }).code}: ${refused.message}`;
        },
      );
    const refused = "42501: stock_movements is append-only";
    expect(
      await refusal(ctx.database.db.execute(sql`update stock_movements set quantity = 0`)),
    ).toBe(refused);
    expect(await refusal(ctx.database.db.execute(sql`delete from stock_movements`))).toBe(refused);
    const ledger = await staff({ method: "GET", url: `${INVENTORY}/products/${id}/movements` });
    expect(ledger.json().movements).toMatchObject([{ kind: "count", quantity: 5, stockAfter: 5 }]);
  });

  it("never goes below zero while 50 checkouts and write-offs race for the same stock", async () => {
    const id = freshId("rush");
    await testProduct(ctx, id, 30);
    const results = await Promise.all([
      ...Array.from({ length: 50 }, () =>
        placeShopOrder(ctx.app, [{ productId: id, quantity: 1 }]),
      ),
      ...Array.from({ length: 10 }, () =>
        move(id, { kind: "write_off", quantity: 1, reason: "spoiled" }),
      ),
    ]);
    const orders = results.slice(0, 50);
    const writeOffs = results.slice(50);
    const sold = orders.filter((r) => r.statusCode === 201).length;
    const written = writeOffs.filter((r) => r.statusCode === 201).length;
    for (const r of orders) expect([201, 409]).toContain(r.statusCode);
    for (const r of writeOffs) expect([201, 409]).toContain(r.statusCode);
    expect(sold + written).toBe(30);
    expect((await productRow(ctx, id)).stock).toBe(0);

    const ledger = rowsOf<{ kind: string; quantity: number; stock_after: number }>(
      await ctx.database.db.execute(
        sql`select kind, quantity, stock_after from stock_movements where product_id = ${id} order by id`,
      ),
    );
    expect(ledger.filter((row) => row.kind === "sale")).toHaveLength(sold);
    expect(ledger.filter((row) => row.kind === "write_off")).toHaveLength(written);
    // Every row's stock follows from the one before: no lost or doubled movement.
    let stock = 0;
    for (const row of ledger) {
      stock += Number(row.quantity);
      expect(Number(row.stock_after)).toBe(stock);
      expect(stock).toBeGreaterThanOrEqual(0);
    }
    expect(stock).toBe(0);
  }, 60_000);

  it("shows each sale in the ledger with its order number", async () => {
    const id = freshId("sold");
    await testProduct(ctx, id, 8);
    const order = await placeShopOrder(ctx.app, [{ productId: id, quantity: 3 }]);
    expect(order.statusCode).toBe(201);
    const ledger = await staff({ method: "GET", url: `${INVENTORY}/products/${id}/movements` });
    expect(ledger.json().movements[0]).toMatchObject({
      kind: "sale",
      quantity: -3,
      stockAfter: 5,
      orderNumber: order.json().orderNumber,
      staffName: null,
    });
  });

  it("counts units sold today and over 7 India days, the same from rollups as live", async () => {
    const id = freshId("figures");
    await testProduct(ctx, id, 40);
    const before = (await staff({ method: "GET", url: `${INVENTORY}/summary` })).json();
    expect(before.today).toBe(today());
    expect(before.daily).toHaveLength(14);

    await placeShopOrder(ctx.app, [{ productId: id, quantity: 4 }]);
    await placeShopOrder(ctx.app, [{ productId: id, quantity: 2 }]);
    // An order placed three India days ago (moved back in time), and a cancelled one.
    const old = await placeShopOrder(ctx.app, [{ productId: id, quantity: 5 }]);
    const cancelled = await placeShopOrder(ctx.app, [{ productId: id, quantity: 7 }]);
    await ctx.database.db.execute(
      sql`update orders set placed_at = placed_at - interval '3 days' where order_number = ${old.json().orderNumber}`,
    );
    await ctx.database.db.execute(
      sql`update orders set status = 'cancelled' where order_number = ${cancelled.json().orderNumber}`,
    );

    const live = (await staff({ method: "GET", url: `${INVENTORY}/summary` })).json();
    expect(live.unitsSold.today - before.unitsSold.today).toBe(6);
    expect(live.unitsSold.last7Days - before.unitsSold.last7Days).toBe(11);

    const rows = await staff({ method: "GET", url: `${INVENTORY}/products?search=${id}` });
    expect(rows.json().products[0]).toMatchObject({
      id,
      soldLast7Days: 11,
      stock: 22,
      daysOfCover: 14,
    });

    // Closed days rolled up: the figures stay the same.
    await ctx.app.housekeeping.runOnce();
    const filled = rowsOf<{ units: number }>(
      await ctx.database.db.execute(
        sql`select units from daily_product_sales where product_id = ${id} and day = ${addDays(today(), -3)}::date`,
      ),
    );
    expect(filled.map((row) => Number(row.units))).toEqual([5]);
    const rolled = (await staff({ method: "GET", url: `${INVENTORY}/summary` })).json();
    expect(rolled.unitsSold).toEqual(live.unitsSold);
    expect(rolled.daily).toEqual(live.daily);
    const rowsAfter = await staff({ method: "GET", url: `${INVENTORY}/products?search=${id}` });
    expect(rowsAfter.json().products[0].soldLast7Days).toBe(11);
  });

  it("values the stock at price and at the cost of the latest receipt", async () => {
    const before = (await staff({ method: "GET", url: `${INVENTORY}/summary` })).json();
    const id = freshId("value");
    await testProduct(ctx, id, 0);
    const empty = (await staff({ method: "GET", url: `${INVENTORY}/summary` })).json();
    expect(empty.products.outOfStock - before.products.outOfStock).toBe(1);
    await move(id, {
      kind: "receipt",
      quantity: 10,
      supplier: "Farm",
      harvestedOn: today(),
      unitCostPaise: 3000,
    });
    const after = (await staff({ method: "GET", url: `${INVENTORY}/summary` })).json();
    expect(after.stockValue.atPricePaise - before.stockValue.atPricePaise).toBe(10 * 4000);
    expect(after.stockValue.atCostPaise - before.stockValue.atCostPaise).toBe(10 * 3000);
    expect(after.products.active - before.products.active).toBe(1);
    expect(after.products.outOfStock).toBe(before.products.outOfStock);
    expect(after.products.inStock - before.products.inStock).toBe(1);
    await move(id, { kind: "write_off", quantity: 6, reason: "spoiled" });
    const low = (await staff({ method: "GET", url: `${INVENTORY}/summary` })).json();
    expect(low.products.low - before.products.low).toBe(1);
  });
});
