import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  CASH_ORDER_CAPS,
  cashCapButtonHint,
  cashCapsOver,
  cashOrderCapMessage,
  cashOrderSize,
} from "./cash-order-caps.ts";

const size = (totalPaise: number, units: number, products: number) => ({
  totalPaise,
  units,
  products,
});

describe("the caps on one cash order", () => {
  it("measures an order by its total, its units across lines and its different products", () => {
    expect(
      cashOrderSize(
        [
          { productId: "onions", quantity: 30_000, unit: "kg" },
          { productId: "mint", quantity: 2, unit: "bunch" },
          { productId: "onions", quantity: 20_000, unit: "kg" },
        ],
        250_000,
      ),
    ).toEqual(size(250_000, 52, 2));
  });

  it("counts a kilo or part of one as one item, after adding a product's lines together", () => {
    const kilos = (...grams: number[]) =>
      cashOrderSize(
        grams.map((quantity) => ({ productId: "tomatoes", quantity, unit: "kg" })),
        10_000,
      ).units;
    expect(kilos(750)).toBe(1);
    expect(kilos(1000)).toBe(1);
    expect(kilos(1001)).toBe(2);
    expect(kilos(1250)).toBe(2);
    expect(kilos(500, 500)).toBe(1); // one kilo in two lines, not two items
    expect(kilos(50_000)).toBe(50);
    expect(
      cashOrderSize(
        [
          { productId: "tomatoes", quantity: 2500, unit: "kg" },
          { productId: "bananas", quantity: 2, unit: "dozen" },
          { productId: "ghee", quantity: 1, unit: "each" },
        ],
        60_000,
      ),
    ).toEqual(size(60_000, 3 + 2 + 1, 3));
  });

  it("counts every unit, and each weighed product's kilos rounded up once", () => {
    const lines = fc.array(
      fc.constantFrom("tomatoes", "okra", "eggs", "ghee").chain((productId) => {
        const unit = productId === "tomatoes" || productId === "okra" ? "kg" : "each";
        return fc.record({
          productId: fc.constant(productId),
          quantity: fc.integer({ min: 1, max: unit === "kg" ? 50_000 : 50 }),
          unit: fc.constant(unit),
        });
      }),
      { maxLength: 10 },
    );
    fc.assert(
      fc.property(lines, (order) => {
        const { units } = cashOrderSize(order, 0);
        const total = (unit: string) =>
          order.filter((line) => line.unit === unit).reduce((sum, line) => sum + line.quantity, 0);
        const weighedProducts = new Set(
          order.filter((line) => line.unit === "kg").map((line) => line.productId),
        ).size;
        expect(units).toBeGreaterThanOrEqual(total("each") + Math.ceil(total("kg") / 1000));
        expect(units).toBeLessThanOrEqual(
          total("each") + Math.floor(total("kg") / 1000) + weighedProducts,
        );
      }),
    );
  });

  it("takes an order at every cap and refuses one just over any of them", () => {
    const { totalPaise, units, products } = CASH_ORDER_CAPS;
    expect(cashCapsOver(size(totalPaise, units, products))).toEqual([]);
    expect(cashOrderCapMessage(size(totalPaise, units, products), true)).toBeNull();
    expect(cashCapsOver(size(totalPaise + 1, units, products))).toEqual(["totalPaise"]);
    expect(cashCapsOver(size(totalPaise, units + 1, products))).toEqual(["units"]);
    expect(cashCapsOver(size(totalPaise, units, products + 1))).toEqual(["products"]);
  });

  it("leaves room for a family's big weekly shop", () => {
    // 25 kinds of produce, 60 units, Rs 3,500.
    expect(cashCapsOver(size(350_000, 60, 25))).toEqual([]);
  });

  it("says what the caps are, what this order is over, and what to do", () => {
    const message = cashOrderCapMessage(size(12_000_000, 3000, 60), true)!;
    expect(message).toBe(
      "Cash on delivery is for orders up to ₹5,000, 100 items and 30 different products; this one comes to ₹1,20,000, has 3000 items and has 60 different products. Please pay online, or make the order smaller.",
    );
    expect(cashOrderCapMessage(size(500_100, 10, 2), true)).toContain(
      "this one comes to ₹5,001. Please pay online",
    );
    expect(cashOrderCapMessage(size(100_000, 101, 31), true)).toContain(
      "this one has 101 items and has 31 different products.",
    );
    // A shop without online payments does not send the shopper to them.
    const cashOnly = cashOrderCapMessage(size(600_000, 10, 2), false)!;
    expect(cashOnly).not.toContain("online");
    expect(cashOnly).toContain("make the order smaller");
    expect(cashCapButtonHint(false)).not.toContain("another way to pay");
    expect(cashCapButtonHint(true)).toContain("another way to pay");
  });

  it("has a message exactly when some cap is over", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2_000_000 }),
        fc.integer({ min: 1, max: 3000 }),
        fc.integer({ min: 1, max: 60 }),
        (totalPaise, units, products) => {
          const order = size(totalPaise, units, products);
          const over =
            totalPaise > CASH_ORDER_CAPS.totalPaise ||
            units > CASH_ORDER_CAPS.units ||
            products > CASH_ORDER_CAPS.products;
          expect(cashOrderCapMessage(order, true) !== null).toBe(over);
        },
      ),
    );
  });
});
