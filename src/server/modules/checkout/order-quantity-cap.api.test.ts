import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { PlaceOrderInput } from "../../../shared/contracts/checkout.ts";
import {
  lineAmountPaise,
  MAX_PER_ORDER_UNITS,
  maxPerOrder,
} from "../../../shared/rules/measure.ts";
import { orders, products } from "../../db/schema/index.ts";
import { freshAddress, freshEmail, signUpCustomer, TEST_ORIGIN } from "../../testing/customers.ts";
import { setShelf } from "../../testing/inventory.ts";
import { testDatabaseKinds, useTestApp } from "../../testing/test-app.ts";

const order = (items: PlaceOrderInput["items"]): PlaceOrderInput => ({
  contact: { firstName: "Ravi", lastName: "Sahu", email: freshEmail("ravi"), phone: "9437001122" },
  delivery: { address: "4 Saheed Nagar", city: "Bhubaneswar", state: "Odisha", pincode: "751007" },
  payment: { method: "upi" },
  items,
});

let counter = 0;

describe.each(testDatabaseKinds)("one product's quantity per order on %s", (kind) => {
  const ctx = useTestApp(kind);

  const place = (body: PlaceOrderInput) =>
    ctx.app.inject({
      method: "POST",
      url: "/api/orders",
      payload: body,
      headers: { "idempotency-key": `cap-${Date.now()}-${++counter}`, origin: TEST_ORIGIN },
      remoteAddress: freshAddress(),
    });
  const stockOf = async (id: string) =>
    (await ctx.database.db.select().from(products).where(eq(products.id, id)))[0]!.stock;
  const orderCount = async () =>
    (await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(orders))[0]!.n;

  it("refuses four lines of 50 bananas, naming the product, and takes nothing", async () => {
    await setShelf(ctx, "bananas", 1000);
    const before = await orderCount();
    const response = await place(
      order(Array.from({ length: 4 }, () => ({ productId: "bananas", quantity: 50 }))),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: "VALIDATION_FAILED", field: "items" });
    expect(response.json().message).toContain("Bananas");
    expect(response.json().message).toContain(`at most ${MAX_PER_ORDER_UNITS} dozen per order`);
    expect(await stockOf("bananas")).toBe(1000);
    expect(await orderCount()).toBe(before);
  });

  it("refuses two lines just over the cap and takes two lines exactly at it", async () => {
    // Carrots are sold by weight: the cap is 50 kg, in grams.
    const cap = maxPerOrder("kg");
    await setShelf(ctx, "carrots", 2 * cap);
    const over = await place(
      order([
        { productId: "carrots", quantity: cap },
        { productId: "mangoes", quantity: 250 },
        { productId: "carrots", quantity: 250 },
      ]),
    );
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toContain("Carrots: at most 50 kg per order");
    expect(over.json().message).not.toContain("Mangoes");

    const atCap = await place(
      order([
        { productId: "carrots", quantity: cap - 10_000 },
        { productId: "carrots", quantity: 10_000 },
      ]),
    );
    expect(atCap.statusCode).toBe(201);
    expect(atCap.json().lines).toEqual([
      expect.objectContaining({ productId: "carrots", quantity: cap }),
    ]);
  });

  it("keeps a signed-in customer's stored cart within the cap when carts merge", async () => {
    const { cookie } = await signUpCustomer(ctx.app);
    const send = (method: "PUT" | "POST", url: string, items: unknown) =>
      ctx.app.inject({ method, url, payload: { items }, headers: { cookie, origin: TEST_ORIGIN } });
    expect(
      (await send("PUT", "/api/cart", [{ productId: "bananas", quantity: 40 }])).statusCode,
    ).toBe(200);
    const merged = await send("POST", "/api/cart/merge", [{ productId: "bananas", quantity: 40 }]);
    expect(merged.json().items).toEqual([{ productId: "bananas", quantity: MAX_PER_ORDER_UNITS }]);
    const twice = await send("PUT", "/api/cart", [
      { productId: "bananas", quantity: 30 },
      { productId: "bananas", quantity: 30 },
    ]);
    expect(twice.statusCode).toBe(400);
    const over = await send("PUT", "/api/cart", [
      { productId: "bananas", quantity: maxPerOrder("kg") + 1 },
    ]);
    expect(over.statusCode).toBe(400);
  });

  it("takes a weight on the product's steps and refuses one off them, below the minimum or not whole", async () => {
    const before = await orderCount();
    const refusals: [number, string][] = [
      [300, "Tomatoes is sold in steps of 250 g"],
      [100, "Tomatoes: the least you can buy is 250 g"],
    ];
    for (const [quantity, message] of refusals) {
      const refused = await place(order([{ productId: "tomatoes", quantity }]));
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json()).toMatchObject({ code: "VALIDATION_FAILED", field: "items" });
      expect(refused.json().message).toContain(message);
    }
    const fraction = await place(order([{ productId: "tomatoes", quantity: 0.75 }]));
    expect(fraction.statusCode).toBe(400);
    expect(await orderCount()).toBe(before);

    const [tomatoes] = await ctx.database.db
      .select()
      .from(products)
      .where(eq(products.id, "tomatoes"));
    const placed = await place(order([{ productId: "tomatoes", quantity: 750 }]));
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json().lines).toEqual([
      expect.objectContaining({
        productId: "tomatoes",
        unit: "kg",
        quantity: 750,
        unitPricePaise: tomatoes!.pricePaise,
        taxablePaise: lineAmountPaise(tomatoes!.pricePaise, 750, "kg"),
      }),
    ]);
  });
});
