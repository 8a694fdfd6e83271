import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  capQuantity,
  MAX_PER_ORDER,
  overCapMessage,
  productsOverCap,
  totalsByProduct,
} from "./order-quantity.ts";

describe("one product's quantity per order", () => {
  it("adds a product's lines together before comparing with the cap", () => {
    const bananas = Array.from({ length: 4 }, () => ({ productId: "bananas", quantity: 50 }));
    expect(totalsByProduct(bananas)).toEqual(new Map([["bananas", 200]]));
    expect(productsOverCap(bananas)).toEqual(["bananas"]);
    expect(
      productsOverCap([
        { productId: "mint", quantity: MAX_PER_ORDER - 1 },
        { productId: "mint", quantity: 1 },
      ]),
    ).toEqual([]);
  });

  it("names the product in the refusal", () => {
    expect(overCapMessage("Bananas")).toContain("Bananas");
    expect(overCapMessage("Bananas")).toContain(String(MAX_PER_ORDER));
  });

  it("brings any quantity into 0..cap", () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, min: -1e6, max: 1e6 }), (quantity) => {
        const capped = capQuantity(quantity);
        expect(Number.isInteger(capped)).toBe(true);
        expect(capped).toBeGreaterThanOrEqual(0);
        expect(capped).toBeLessThanOrEqual(MAX_PER_ORDER);
      }),
    );
  });
});
