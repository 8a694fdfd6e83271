import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MAX_PER_ORDER_UNITS, maxPerOrder, PRODUCT_UNITS } from "./measure.ts";
import {
  capQuantity,
  itemsIn,
  overCapMessage,
  perOrderNote,
  productsOverCap,
  totalsByProduct,
} from "./order-quantity.ts";

/** Bananas and mint are counted; tomatoes are weighed, in grams. */
const unitOf = (productId: string) =>
  ({ bananas: "dozen", mint: "bunch", tomatoes: "kg" })[productId] ?? "each";

describe("one product's quantity per order", () => {
  it("adds a product's lines together before comparing with the cap", () => {
    const bananas = Array.from({ length: 4 }, () => ({ productId: "bananas", quantity: 50 }));
    expect(totalsByProduct(bananas)).toEqual(new Map([["bananas", 200]]));
    expect(productsOverCap(bananas, unitOf)).toEqual(["bananas"]);
    expect(
      productsOverCap(
        [
          { productId: "mint", quantity: MAX_PER_ORDER_UNITS - 1 },
          { productId: "mint", quantity: 1 },
        ],
        unitOf,
      ),
    ).toEqual([]);
  });

  it("caps a weighed product at 50 kg across its lines, in grams", () => {
    const tomatoes = Array.from({ length: 4 }, () => ({ productId: "tomatoes", quantity: 12_500 }));
    expect(totalsByProduct(tomatoes)).toEqual(new Map([["tomatoes", 50_000]]));
    expect(productsOverCap(tomatoes, unitOf)).toEqual([]);
    expect(productsOverCap([...tomatoes, { productId: "tomatoes", quantity: 1 }], unitOf)).toEqual([
      "tomatoes",
    ]);
    // 50,000 of a counted product is far over its cap of 50 units.
    expect(productsOverCap([{ productId: "bananas", quantity: 50_000 }], unitOf)).toEqual([
      "bananas",
    ]);
  });

  it("names the product and its cap in the refusal", () => {
    expect(overCapMessage("Bananas", "dozen")).toBe(
      "Bananas: at most 50 dozen per order. For more, please place a bulk order.",
    );
    expect(overCapMessage("Tomatoes", "kg")).toBe(
      "Tomatoes: at most 50 kg per order. For more, please place a bulk order.",
    );
  });

  it("says the cap beside a product that reaches it, in its own unit", () => {
    expect(perOrderNote("kg")).toBe("Up to 50 kg per order");
    expect(perOrderNote("bunch")).toBe("Up to 50 bunch per order");
  });

  it("brings any quantity into 0..cap, in whole grams or units", () => {
    expect(capQuantity(60_000, "kg")).toBe(50_000);
    expect(capQuantity(750.9, "kg")).toBe(750);
    expect(capQuantity(60, "each")).toBe(50);
    expect(capQuantity(-3, "each")).toBe(0);
    fc.assert(
      fc.property(
        fc.constantFrom(...PRODUCT_UNITS),
        fc.double({ noNaN: true, min: -1e6, max: 1e6 }),
        (unit, quantity) => {
          const capped = capQuantity(quantity, unit);
          expect(Number.isInteger(capped)).toBe(true);
          expect(capped).toBeGreaterThanOrEqual(0);
          expect(capped).toBeLessThanOrEqual(maxPerOrder(unit));
        },
      ),
    );
  });

  it("counts a kilo or part of one as one item, and a unit as one", () => {
    expect(itemsIn(1, "kg")).toBe(1);
    expect(itemsIn(750, "kg")).toBe(1);
    expect(itemsIn(1000, "kg")).toBe(1);
    expect(itemsIn(1250, "kg")).toBe(2);
    expect(itemsIn(50_000, "kg")).toBe(50);
    expect(itemsIn(3, "bunch")).toBe(3);
  });
});
