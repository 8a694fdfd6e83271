import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  isLargeShare,
  LARGE_SHARE_MIN_UNITS,
  LARGE_SHARE_PERCENT,
  largeOrderNoticeText,
  sharePercent,
} from "./large-order-share.ts";

describe("a large share of a product's stock", () => {
  it("is more than a quarter of what was on hand, and at least a few units", () => {
    expect(isLargeShare(11, 40)).toBe(true);
    expect(isLargeShare(10, 40)).toBe(false);
    expect(isLargeShare(50, 50)).toBe(true);
    // Two thirds of the last six, but too few units to be news.
    expect(isLargeShare(4, 6)).toBe(false);
    expect(isLargeShare(LARGE_SHARE_MIN_UNITS, 19)).toBe(true);
    expect(isLargeShare(LARGE_SHARE_MIN_UNITS, 20)).toBe(false);
  });

  it("never reads as the threshold itself when it is over it", () => {
    expect(sharePercent(31, 120)).toBe(25.9);
    expect(sharePercent(501, 2000)).toBe(25.1);
    expect(sharePercent(10, 40)).toBe(25);
    expect(sharePercent(40, 40)).toBe(100);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 50 }), fc.integer({ min: 1, max: 100_000 }), (q, s) => {
        const stock = Math.max(q, s);
        if (isLargeShare(q, stock))
          expect(sharePercent(q, stock)).toBeGreaterThan(LARGE_SHARE_PERCENT);
      }),
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
    ).toBe("Order FHH-123456 took Curry Leaves × 31 bunch: 25.9% of the 120 on hand.");
  });
});
