import { inArray, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { PlaceOrderInput } from "../../../shared/contracts/checkout.ts";
import {
  CASH_ORDER_CAPS,
  cashOrderCapMessage,
  cashOrderSize,
} from "../../../shared/rules/cash-order-caps.ts";
import { orders, products } from "../../db/schema/index.ts";
import { TEST_ORIGIN } from "../../testing/customers.ts";
import { setShelf, shopOrderRequest, testProduct } from "../../testing/inventory.ts";
import { placeUnpaidTestOrder } from "../../testing/sales.ts";
import { testDatabaseKinds, useTestApp } from "../../testing/test-app.ts";

// Products of the suite's own, Rs 40 a kilo without GST (testProduct), 100 on the shelf each, so
// an order's total is its units times Rs 40 and no other suite's stock is touched.
const SHELF = 100;
const ids = Array.from({ length: 60 }, (_, index) => `cap-${String(index).padStart(2, "0")}`);
/** One product priced at Rs 100 a kilo, for an order of exactly the total's cap. */
const DEAR = "cap-dear";

type Items = PlaceOrderInput["items"];
const each = (count: number, quantity: number, from = 0): Items =>
  ids.slice(from, from + count).map((productId) => ({ productId, quantity }));
/** The test products are counted (testProduct): each unit is one item. */
const counted = (items: Items) => items.map((item) => ({ ...item, unit: "each" }));

describe.each(testDatabaseKinds)("the caps on one cash order on %s", (kind) => {
  const ctx = useTestApp(kind);

  beforeAll(async () => {
    for (const id of [...ids, DEAR]) await testProduct(ctx, id, SHELF);
    await ctx.database.db.execute(sql`update products set price_paise = 10000 where id = ${DEAR}`);
  });

  const place = (items: Items, method: PlaceOrderInput["payment"]["method"] = "cash") =>
    ctx.app.inject(shopOrderRequest(items, { method }));
  const shelves = async () =>
    (
      await ctx.database.db
        .select({ id: products.id, stock: products.stock })
        .from(products)
        .where(inArray(products.id, [...ids, DEAR]))
    ).sort((a, b) => a.id.localeCompare(b.id));
  const restock = async () => {
    for (const id of [...ids, DEAR]) await setShelf(ctx, id, SHELF);
  };
  const orderCount = async () =>
    (await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(orders))[0]!.n;

  it("refuses 60 products × 50 in cash with the caps' message, and takes nothing", async () => {
    await restock();
    const before = await shelves();
    const count = await orderCount();
    const items = each(60, 50);
    const refused = await place(items);
    expect(refused.statusCode).toBe(400);
    const message = cashOrderCapMessage(cashOrderSize(counted(items), 60 * 50 * 4000), true);
    expect(refused.json()).toEqual({
      code: "VALIDATION_FAILED",
      message,
      field: "payment.method",
    });
    expect(message).toContain("₹1,20,000");
    expect(message).toContain("3000 items");
    expect(message).toContain("60 different products");
    expect(message).toContain("Please pay online");
    expect(await shelves()).toEqual(before);
    expect(await orderCount()).toBe(count);
  });

  it("takes a cash order at each cap, and refuses one just over it", async () => {
    await restock();
    // The total: 50 kg at Rs 100 is Rs 5,000 (no GST, free delivery over Rs 500).
    const atTotal = await place([{ productId: DEAR, quantity: 50 }]);
    expect(atTotal.statusCode, atTotal.body).toBe(201);
    expect(atTotal.json().totalPaise).toBe(CASH_ORDER_CAPS.totalPaise);
    const overTotal = await place([
      { productId: DEAR, quantity: 40 },
      { productId: ids[0]!, quantity: 26 },
    ]);
    expect(overTotal.statusCode).toBe(400);
    expect(overTotal.json().message).toContain("comes to ₹5,040");
    expect(overTotal.json().message).not.toContain("items;");

    // The units: two products × 50 is 100 (Rs 4,000); a third line of one more is 101.
    const atUnits = await place(each(2, 50, 1));
    expect(atUnits.statusCode, atUnits.body).toBe(201);
    const overUnits = await place([...each(2, 50, 3), { productId: ids[5]!, quantity: 1 }]);
    expect(overUnits.statusCode).toBe(400);
    expect(overUnits.json().message).toContain("has 101 items");
    // Lines of one product split up are still its units.
    const split = await place([
      { productId: ids[6]!, quantity: 50 },
      { productId: ids[7]!, quantity: 25 },
      { productId: ids[7]!, quantity: 25 },
      { productId: ids[8]!, quantity: 1 },
    ]);
    expect(split.statusCode).toBe(400);
    expect(split.json().message).toContain("has 101 items");

    // The products: 30 different ones is the cap, 31 is over; one product twice counts once.
    const atProducts = await place([...each(30, 1, 10), { productId: ids[10]!, quantity: 1 }]);
    expect(atProducts.statusCode, atProducts.body).toBe(201);
    const overProducts = await place(each(31, 1, 10));
    expect(overProducts.statusCode).toBe(400);
    expect(overProducts.json().message).toContain("has 31 different products");
  });

  it("takes an online order over every cash cap", async () => {
    await restock();
    const online = await place(each(60, 50), "upi");
    expect(online.statusCode, online.body).toBe(201);
    expect(online.json().totalPaise).toBe(60 * 50 * 4000);
  });

  it("refuses to switch an online order over the caps to cash on delivery", async () => {
    await restock();
    const items = each(31, 2);
    const placed = await placeUnpaidTestOrder(ctx.app, items, { method: "card" });
    const switched = await ctx.app.inject({
      method: "POST",
      url: `/api/orders/${placed.orderNumber}/pay-on-delivery`,
      headers: { origin: TEST_ORIGIN, cookie: placed.cookie },
    });
    expect(switched.statusCode).toBe(400);
    expect(switched.json()).toMatchObject({
      code: "VALIDATION_FAILED",
      message: cashOrderCapMessage(cashOrderSize(counted(items), placed.totalPaise), true),
    });
    const [row] = await ctx.database.db
      .select({ status: orders.status, method: orders.paymentMethod })
      .from(orders)
      .where(sql`${orders.orderNumber} = ${placed.orderNumber}`);
    expect(row).toEqual({ status: "awaiting_payment", method: "card" });

    // Within the caps the switch goes through.
    const small = await placeUnpaidTestOrder(ctx.app, each(3, 2), { method: "card" });
    const fine = await ctx.app.inject({
      method: "POST",
      url: `/api/orders/${small.orderNumber}/pay-on-delivery`,
      headers: { origin: TEST_ORIGIN, cookie: small.cookie },
    });
    expect(fine.statusCode, fine.body).toBe(200);
  });
});
