import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  isLargeShare,
  LARGE_SHARE_MIN_UNITS,
  LARGE_SHARE_PERCENT,
  largeOrderNoticeText,
  sharePercent,
} from "./large-order-share.ts";
import { maxPerOrder } from "./measure.ts";

describe("a large share of a product's stock", () => {
  it("is more than a quarter of what was on hand, and at least a few units", () => {
    expect(isLargeShare(11, 40, "bunch")).toBe(true);
    expect(isLargeShare(10, 40, "bunch")).toBe(false);
    expect(isLargeShare(50, 50, "each")).toBe(true);
    // Two thirds of the last six, but too few units to be news.
    expect(isLargeShare(4, 6, "bunch")).toBe(false);
    expect(isLargeShare(LARGE_SHARE_MIN_UNITS, 19, "bunch")).toBe(true);
    expect(isLargeShare(LARGE_SHARE_MIN_UNITS, 20, "bunch")).toBe(false);
  });

  it("counts a weighed product's few in kilos: at least five kilos, in grams", () => {
    expect(isLargeShare(11_000, 40_000, "kg")).toBe(true);
    expect(isLargeShare(10_000, 40_000, "kg")).toBe(false);
    // Two thirds of the last six kilos, but too little to be news.
    expect(isLargeShare(4_000, 6_000, "kg")).toBe(false);
    expect(isLargeShare(4_999, 5_000, "kg")).toBe(false);
    expect(isLargeShare(LARGE_SHARE_MIN_UNITS * 1000, 19_999, "kg")).toBe(true);
    expect(isLargeShare(LARGE_SHARE_MIN_UNITS * 1000, 20_000, "kg")).toBe(false);
    // Five grams is not five kilos.
    expect(isLargeShare(LARGE_SHARE_MIN_UNITS, 6, "kg")).toBe(false);
  });

  it("never reads as the threshold itself when it is over it", () => {
    expect(sharePercent(31, 120)).toBe(25.9);
    expect(sharePercent(501, 2000)).toBe(25.1);
    expect(sharePercent(10, 40)).toBe(25);
    expect(sharePercent(40, 40)).toBe(100);
    fc.assert(
      fc.property(
        fc.constantFrom("bunch", "kg"),
        fc.integer({ min: 1, max: 50_000 }),
        fc.integer({ min: 1, max: 100_000_000 }),
        (unit, q, s) => {
          const quantity = Math.min(q, maxPerOrder(unit));
          const stock = Math.max(quantity, s);
          if (isLargeShare(quantity, stock, unit))
            expect(sharePercent(quantity, stock)).toBeGreaterThan(LARGE_SHARE_PERCENT);
        },
      ),
    );
  });

  it("names the order, the product, the quantity and the share", () => {
    expect(
      largeOrderNoticeText({
        orderNumber: "FHH-123456",
        productName: "Curry Leaves",
        unit: "bunch",
        quantity: 31,
        stockBefore: 120,
      }),
    ).toBe("Order FHH-123456 took Curry Leaves × 31 bunch: 25.9% of the 120 bunch on hand.");
    expect(
      largeOrderNoticeText({
        orderNumber: "FHH-123457",
        productName: "Tomatoes",
        unit: "kg",
        quantity: 12_500,
        stockBefore: 40_000,
      }),
    ).toBe("Order FHH-123457 took Tomatoes × 12.5 kg: 31.3% of the 40 kg on hand.");
  });
});
