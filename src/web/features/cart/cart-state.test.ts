import { describe, expect, it } from "vitest";
import type { Product } from "../../../shared/catalogue.ts";
import { maxPerOrder } from "../../../shared/rules/measure.ts";
import { cartItemCount, cartReducer, cartSubtotalPaise, parseStoredCart } from "./cart-state.ts";

/** Counted, in whole units. */
const product = (id: string, pricePaise = 1000): Product => ({
  id,
  name: id,
  category: "fruits",
  pricePaise,
  unit: "dozen",
  step: 1,
  minimum: 1,
  image: "",
  description: "",
  organic: true,
  local: true,
  inSeason: true,
  featured: false,
  stock: 100,
  gstRateBps: 0,
  hsnCode: "0810",
});

/** Sold by weight from a quarter kilo, priced per kilogram. */
const weighed = (id: string, pricePaise = 4000): Product => ({
  ...product(id, pricePaise),
  category: "vegetables",
  unit: "kg",
  step: 250,
  minimum: 250,
  stock: 100_000,
});

describe("cart rules", () => {
  it("appends a new product with quantity 1 by default semantics of the caller", () => {
    const items = cartReducer([], { type: "add", product: product("apple"), quantity: 1 });
    expect(items).toEqual([{ product: product("apple"), quantity: 1 }]);
  });

  it("raises the quantity of a product already in the cart", () => {
    let items = cartReducer([], { type: "add", product: product("apple"), quantity: 2 });
    items = cartReducer(items, { type: "add", product: product("mango"), quantity: 1 });
    items = cartReducer(items, { type: "add", product: product("apple"), quantity: 3 });
    expect(items.map((i) => [i.product.id, i.quantity])).toEqual([
      ["apple", 5],
      ["mango", 1],
    ]);
  });

  it("adds weights in grams, on the product's steps", () => {
    let items = cartReducer([], { type: "add", product: weighed("tomatoes"), quantity: 750 });
    items = cartReducer(items, { type: "add", product: weighed("tomatoes"), quantity: 500 });
    expect(items[0]!.quantity).toBe(1250);
    // Off the steps (by hand, or steps changed since): the nearest step, never below the least.
    expect(
      cartReducer([], { type: "add", product: weighed("onions"), quantity: 380 })[0]!.quantity,
    ).toBe(500);
    expect(
      cartReducer([], { type: "add", product: weighed("onions"), quantity: 100 })[0]!.quantity,
    ).toBe(250);
  });

  it("removes a line set to zero or less", () => {
    const items = cartReducer([], { type: "add", product: product("apple"), quantity: 1 });
    expect(cartReducer(items, { type: "setQuantity", productId: "apple", quantity: 0 })).toEqual(
      [],
    );
    expect(cartReducer(items, { type: "setQuantity", productId: "apple", quantity: -2 })).toEqual(
      [],
    );
  });

  it("removes and clears", () => {
    let items = cartReducer([], { type: "add", product: product("a"), quantity: 1 });
    items = cartReducer(items, { type: "add", product: product("b"), quantity: 1 });
    expect(cartReducer(items, { type: "remove", productId: "a" }).map((i) => i.product.id)).toEqual(
      ["b"],
    );
    expect(cartReducer(items, { type: "clear" })).toEqual([]);
  });

  it("caps a line at the largest quantity a shop order takes, in its own unit", () => {
    const units = cartReducer([], { type: "add", product: product("a"), quantity: 1000 });
    expect(units[0]!.quantity).toBe(maxPerOrder("dozen"));
    const grams = cartReducer([], { type: "add", product: weighed("b"), quantity: 80_000 });
    expect(grams[0]!.quantity).toBe(50_000);
    const set = cartReducer(grams, { type: "setQuantity", productId: "b", quantity: 50_250 });
    expect(set[0]!.quantity).toBe(50_000);
  });

  it("ignores additions of nothing", () => {
    expect(cartReducer([], { type: "add", product: product("a"), quantity: 0 })).toEqual([]);
    expect(cartReducer([], { type: "add", product: product("a"), quantity: Number.NaN })).toEqual(
      [],
    );
  });

  it("derives item count and subtotal", () => {
    const items = [
      { product: product("a", 2500), quantity: 2 },
      { product: product("b", 1000), quantity: 3 },
    ];
    expect(cartItemCount(items)).toBe(5);
    expect(cartSubtotalPaise(items)).toBe(8000);
  });

  it("counts a weighed line as its kilos rounded up, and prices it per kilogram", () => {
    const items = [
      { product: weighed("tomatoes", 4000), quantity: 750 },
      { product: weighed("onions", 3333), quantity: 1250 },
      { product: product("bananas", 6000), quantity: 2 },
    ];
    expect(cartItemCount(items)).toBe(1 + 2 + 2);
    // ₹30.00 + ₹41.66 (41.6625 rounded once) + ₹120.00.
    expect(cartSubtotalPaise(items)).toBe(3000 + 4166 + 12000);
  });

  it("keeps only sound lines from storage", () => {
    expect(parseStoredCart(null)).toEqual([]);
    expect(parseStoredCart("not json")).toEqual([]);
    expect(parseStoredCart('{"a":1}')).toEqual([]);
    const good = { product: product("a"), quantity: 2 };
    const grams = { product: weighed("b"), quantity: 1250 };
    const stored = JSON.stringify([
      good,
      grams,
      { product: { id: 1 }, quantity: 1 },
      { product: product("c"), quantity: -1 },
      { product: { ...product("d"), unit: "crate" }, quantity: 1 },
    ]);
    expect(parseStoredCart(stored)).toEqual([good, grams]);
  });
});

describe("a cart saved before products were sold by weight", () => {
  /** A product as the store kept it then: no steps, stock and quantities in its own unit. */
  const savedBefore = (id: string, unit: string, pricePaise: number) => {
    const { step: _, minimum: __, ...rest } = product(id, pricePaise);
    return { ...rest, unit, stock: 40 };
  };
  const load = (lines: { product: unknown; quantity: number }[]) =>
    parseStoredCart(JSON.stringify(lines)).map((item) => ({
      id: item.product.id,
      unit: item.product.unit,
      quantity: item.quantity,
      pricePaise: item.product.pricePaise,
      stock: item.product.stock,
      steps: [item.product.minimum, item.product.step],
    }));

  it("loads kilos as grams, and packs of 500 g and 100 g as grams at a price per kilogram", () => {
    expect(
      load([
        { product: savedBefore("tomatoes", "kg", 4000), quantity: 2 },
        { product: savedBefore("strawberries", "500g", 32000), quantity: 3 },
        { product: savedBefore("cumin", "100g", 6000), quantity: 4 },
      ]),
    ).toEqual([
      {
        id: "tomatoes",
        unit: "kg",
        quantity: 2000,
        pricePaise: 4000,
        stock: 40_000,
        steps: [1000, 1000],
      },
      {
        id: "strawberries",
        unit: "kg",
        quantity: 1500,
        pricePaise: 64000,
        stock: 20_000,
        steps: [500, 500],
      },
      { id: "cumin", unit: "kg", quantity: 400, pricePaise: 60000, stock: 4000, steps: [100, 100] },
    ]);
  });

  it("writes old units in today's lower case, keeps counts, and drops units never sold", () => {
    expect(
      load([
        { product: savedBefore("mint", "Bunch", 1000), quantity: 2 },
        { product: savedBefore("kiwi", "Pack", 12000), quantity: 1 },
        { product: savedBefore("eggs", "dozen", 9000), quantity: 3 },
        { product: savedBefore("melons", "crate", 9000), quantity: 3 },
      ]).map(({ id, unit, quantity, steps }) => [id, unit, quantity, steps]),
    ).toEqual([
      ["mint", "bunch", 2, [1, 1]],
      ["kiwi", "pack", 1, [1, 1]],
      ["eggs", "dozen", 3, [1, 1]],
    ]);
  });

  it("brings what no shop order takes down to the cap", () => {
    const [line] = load([{ product: savedBefore("potatoes", "kg", 3500), quantity: 60 }]);
    expect(line!.quantity).toBe(50_000);
  });

  it("counts the badge and the subtotal as before: 2 kg is two items at the kilo price", () => {
    const items = parseStoredCart(
      JSON.stringify([{ product: savedBefore("tomatoes", "kg", 4000), quantity: 2 }]),
    );
    expect(cartItemCount(items)).toBe(2);
    expect(cartSubtotalPaise(items)).toBe(8000);
  });
});
