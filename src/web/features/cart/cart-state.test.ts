import { describe, expect, it } from "vitest";
import type { Product } from "../../../shared/catalogue.ts";
import {
  cartItemCount,
  cartReducer,
  cartSubtotalPaise,
  MAX_LINE_QUANTITY,
  parseStoredCart,
} from "./cart-state.ts";

const product = (id: string, pricePaise = 1000): Product => ({
  id,
  name: id,
  category: "fruits",
  pricePaise,
  unit: "kg",
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

  it("caps a line at the largest quantity a shop order takes", () => {
    const items = cartReducer([], { type: "add", product: product("a"), quantity: 1000 });
    expect(items[0]!.quantity).toBe(MAX_LINE_QUANTITY);
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

  it("keeps only sound lines from storage", () => {
    expect(parseStoredCart(null)).toEqual([]);
    expect(parseStoredCart("not json")).toEqual([]);
    expect(parseStoredCart('{"a":1}')).toEqual([]);
    const good = { product: product("a"), quantity: 2 };
    const stored = JSON.stringify([
      good,
      { product: { id: 1 }, quantity: 1 },
      { product: product("b"), quantity: -1 },
    ]);
    expect(parseStoredCart(stored)).toEqual([good]);
  });
});
