import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { MAX_PER_ORDER_UNITS, maxPerOrder } from "../../../shared/rules/measure.ts";
import { products } from "../../db/schema/index.ts";
import { freshAddress, signUpCustomer, TEST_ORIGIN } from "../../testing/customers.ts";
import { testDatabaseKinds, useTestApp } from "../../testing/test-app.ts";

let counter = 0;
const unique = () => `${Date.now()}${++counter}`;
type Line = { productId: string; quantity: number };

describe.each(testDatabaseKinds)("a signed-in customer's cart on %s", (kind) => {
  const ctx = useTestApp(kind);

  const signUp = async () => (await signUpCustomer(ctx.app)).cookie;
  const send = (method: "GET" | "PUT" | "POST", url: string, cookie?: string, payload?: unknown) =>
    ctx.app.inject({
      method,
      url,
      headers: { origin: TEST_ORIGIN, ...(cookie && { cookie }) },
      remoteAddress: freshAddress(),
      ...(payload !== undefined && { payload: payload as object }),
    });
  const read = async (cookie: string) => {
    const response = await send("GET", "/api/cart", cookie);
    expect(response.statusCode).toBe(200);
    return response.json().items as Line[];
  };
  const put = (cookie: string, items: unknown) => send("PUT", "/api/cart", cookie, { items });
  const merge = (cookie: string, items: unknown) =>
    send("POST", "/api/cart/merge", cookie, { items });

  it("starts empty, keeps what the browser puts, and answers with it", async () => {
    const asha = await signUp();
    expect(await read(asha)).toEqual([]);
    const items = [
      { productId: "tomatoes", quantity: 2_000 },
      { productId: "spinach", quantity: 1 },
      { productId: "paneer", quantity: 3 },
    ];
    const response = await put(asha, items);
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("private, no-store");
    expect(response.json()).toEqual({ items });
    expect(await read(asha)).toEqual(items);
  });

  it("replaces the whole cart: changed quantities, removed lines, and emptied", async () => {
    const asha = await signUp();
    await put(asha, [
      { productId: "tomatoes", quantity: 2_000 },
      { productId: "spinach", quantity: 1 },
    ]);
    await put(asha, [
      { productId: "tomatoes", quantity: 5_000 },
      { productId: "mint", quantity: 1 },
    ]);
    expect(await read(asha)).toEqual([
      { productId: "tomatoes", quantity: 5_000 },
      { productId: "mint", quantity: 1 },
    ]);
    expect((await put(asha, [])).json()).toEqual({ items: [] });
    expect(await read(asha)).toEqual([]);
  });

  it("keeps each customer's cart to themselves", async () => {
    const asha = await signUp();
    const ravi = await signUp();
    await put(asha, [{ productId: "okra", quantity: 4_000 }]);
    await put(ravi, [{ productId: "ginger", quantity: 1_000 }]);
    expect(await read(asha)).toEqual([{ productId: "okra", quantity: 4_000 }]);
    expect(await read(ravi)).toEqual([{ productId: "ginger", quantity: 1_000 }]);
  });

  it("merges the browser's cart at sign-in: same products add up, capped", async () => {
    const asha = await signUp();
    await put(asha, [
      { productId: "paneer", quantity: 1 },
      { productId: "tomatoes", quantity: 3_000 },
      { productId: "mint", quantity: 45 },
    ]);
    const response = await merge(asha, [
      { productId: "tomatoes", quantity: 2_000 },
      { productId: "spinach", quantity: 1 },
      { productId: "mint", quantity: 10 },
    ]);
    expect(response.statusCode).toBe(200);
    const merged = [
      { productId: "tomatoes", quantity: 5_000 },
      { productId: "spinach", quantity: 1 },
      { productId: "mint", quantity: MAX_PER_ORDER_UNITS },
      { productId: "paneer", quantity: 1 },
    ];
    expect(response.json()).toEqual({ items: merged });
    const stored = await read(asha);
    expect(stored).toHaveLength(4);
    expect(stored).toEqual(expect.arrayContaining(merged));
  });

  it("hands an empty browser the account's cart, unchanged", async () => {
    const asha = await signUp();
    await put(asha, [{ productId: "garlic", quantity: 2_000 }]);
    expect((await merge(asha, [])).json()).toEqual({
      items: [{ productId: "garlic", quantity: 2_000 }],
    });
    expect(await read(asha)).toEqual([{ productId: "garlic", quantity: 2_000 }]);
  });

  it("stores a weight off the product's steps as the sign-in merge does: down to a step", async () => {
    const asha = await signUp();
    // Tomatoes go from 250 g in steps of 250 g; a tampered browser sends 620 g, and 50 g of garlic, sold from 100 g.
    const response = await put(asha, [
      { productId: "tomatoes", quantity: 620 },
      { productId: "garlic", quantity: 50 },
      { productId: "spinach", quantity: 2 },
    ]);
    expect(response.statusCode).toBe(200);
    expect(response.json().items).toEqual([
      { productId: "tomatoes", quantity: 500 },
      { productId: "spinach", quantity: 2 },
    ]);
    expect(await read(asha)).toEqual(response.json().items);
  });

  it("two browsers signing in at once both land in the cart", async () => {
    const asha = await signUp();
    const [first, second] = await Promise.all([
      merge(asha, [{ productId: "onions", quantity: 1_000 }]),
      merge(asha, [
        { productId: "onions", quantity: 2_000 },
        { productId: "carrots", quantity: 1_000 },
      ]),
    ]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    const stored = await read(asha);
    expect(stored).toHaveLength(2);
    expect(stored).toEqual(
      expect.arrayContaining([
        { productId: "onions", quantity: 3_000 },
        { productId: "carrots", quantity: 1_000 },
      ]),
    );
  });

  it("leaves out products the catalogue does not have, and drops them when they go", async () => {
    const asha = await signUp();
    const [tomatoes] = await ctx.database.db
      .select()
      .from(products)
      .where(eq(products.id, "tomatoes"));
    const seasonal = { ...tomatoes!, id: `cart-test-${unique()}`, name: "Seasonal tomatoes" };
    await ctx.database.db.insert(products).values(seasonal);

    const response = await put(asha, [
      { productId: "no-such-product", quantity: 1 },
      { productId: seasonal.id, quantity: 2_000 },
      { productId: "spinach", quantity: 1 },
    ]);
    expect(response.statusCode).toBe(200);
    expect(response.json().items).toEqual([
      { productId: seasonal.id, quantity: 2_000 },
      { productId: "spinach", quantity: 1 },
    ]);
    const merged = await merge(asha, [{ productId: "no-such-product", quantity: 2 }]);
    expect(merged.json().items).toEqual([
      { productId: seasonal.id, quantity: 2_000 },
      { productId: "spinach", quantity: 1 },
    ]);

    await ctx.database.db.delete(products).where(eq(products.id, seasonal.id));
    expect(await read(asha)).toEqual([{ productId: "spinach", quantity: 1 }]);
  });

  it.each([
    ["a quantity of 0", [{ productId: "tomatoes", quantity: 0 }], "items.0.quantity"],
    ["a fractional quantity", [{ productId: "tomatoes", quantity: 1_000.5 }], "items.0.quantity"],
    [
      "more than one order takes",
      [{ productId: "tomatoes", quantity: maxPerOrder("kg") + 1 }],
      "items.0.quantity",
    ],
    ["a quantity as text", [{ productId: "tomatoes", quantity: "2" }], "items.0.quantity"],
    ["an empty product id", [{ productId: "", quantity: 1 }], "items.0.productId"],
    [
      "a price smuggled in",
      [{ productId: "tomatoes", quantity: 1_000, pricePaise: 1 }],
      "pricePaise",
    ],
    [
      "the same product twice",
      [
        { productId: "tomatoes", quantity: 1_000 },
        { productId: "tomatoes", quantity: 2_000 },
      ],
      "items.1.productId",
    ],
    [
      "more lines than any cart has",
      Array.from({ length: 101 }, (_, index) => ({ productId: `p${index}`, quantity: 1 })),
      "items",
    ],
  ])("refuses %s with a clear 400, for both writes", async (_name, items, field) => {
    const asha = await signUp();
    await put(asha, [{ productId: "mint", quantity: 1 }]);
    for (const write of [put, merge]) {
      const response = await write(asha, items);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: "VALIDATION_FAILED", field });
    }
    expect(await read(asha)).toEqual([{ productId: "mint", quantity: 1 }]);
  });

  it("refuses a body without items, or with fields it does not know", async () => {
    const asha = await signUp();
    expect((await send("PUT", "/api/cart", asha, {})).statusCode).toBe(400);
    const extra = await send("POST", "/api/cart/merge", asha, { items: [], owner: "someone" });
    expect(extra.statusCode).toBe(400);
    expect(extra.json()).toMatchObject({ code: "VALIDATION_FAILED", field: "owner" });
  });

  it("asks a guest, or a signed-out session, to log in", async () => {
    for (const response of [
      await send("GET", "/api/cart"),
      await put("", [{ productId: "tomatoes", quantity: 1_000 }]),
      await merge("", [{ productId: "tomatoes", quantity: 1_000 }]),
      await send("GET", "/api/cart", "fhh.session_token=forged.token"),
    ]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({
        code: "UNAUTHORIZED",
        message: "Please log in to keep your cart in your account.",
      });
    }
    const asha = await signUp();
    await put(asha, [{ productId: "tomatoes", quantity: 1_000 }]);
    const signOut = await send("POST", "/api/auth/sign-out", asha, {});
    expect(signOut.statusCode).toBe(200);
    expect((await send("GET", "/api/cart", asha)).statusCode).toBe(401);
  });

  it("refuses a cart change sent from another website", async () => {
    const asha = await signUp();
    const response = await ctx.app.inject({
      method: "PUT",
      url: "/api/cart",
      headers: { origin: "https://evil.example", cookie: asha },
      payload: { items: [] },
    });
    expect(response.statusCode).toBe(403);
  });
});
