import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { PlaceOrderInput } from "../../../shared/contracts/checkout.ts";
import { MAX_PER_ORDER } from "../../../shared/rules/order-quantity.ts";
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
    expect(response.json().message).toContain(`at most ${MAX_PER_ORDER}`);
    expect(await stockOf("bananas")).toBe(1000);
    expect(await orderCount()).toBe(before);
  });

  it("refuses two lines just over the cap and takes two lines exactly at it", async () => {
    await setShelf(ctx, "carrots", 1000);
    const over = await place(
      order([
        { productId: "carrots", quantity: MAX_PER_ORDER },
        { productId: "mangoes", quantity: 1 },
        { productId: "carrots", quantity: 1 },
      ]),
    );
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toContain("Carrots");
    expect(over.json().message).not.toContain("Mangoes");

    const atCap = await place(
      order([
        { productId: "carrots", quantity: MAX_PER_ORDER - 10 },
        { productId: "carrots", quantity: 10 },
      ]),
    );
    expect(atCap.statusCode).toBe(201);
    expect(atCap.json().lines).toEqual([
      expect.objectContaining({ productId: "carrots", quantity: MAX_PER_ORDER }),
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
    expect(merged.json().items).toEqual([{ productId: "bananas", quantity: MAX_PER_ORDER }]);
    const twice = await send("PUT", "/api/cart", [
      { productId: "bananas", quantity: 30 },
      { productId: "bananas", quantity: 30 },
    ]);
    expect(twice.statusCode).toBe(400);
    const over = await send("PUT", "/api/cart", [
      { productId: "bananas", quantity: MAX_PER_ORDER + 1 },
    ]);
    expect(over.statusCode).toBe(400);
  });
});
