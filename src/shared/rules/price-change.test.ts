import { describe, expect, it } from "vitest";
import {
  isLargePercent,
  isLargePriceChange,
  isPricePercent,
  LARGE_PRICE_CHANGE_SHARE,
  parsePricePercent,
  priceAfterPercent,
  priceChangeSentence,
} from "./price-change.ts";

describe("price changes", () => {
  it("changes a price by a percentage to the paisa, rounding half up", () => {
    expect(priceAfterPercent(4000, 10)).toBe(4400);
    expect(priceAfterPercent(4000, -5)).toBe(3800);
    expect(priceAfterPercent(4999, 12.5)).toBe(5624); // 5623.875
    expect(priceAfterPercent(1, 50)).toBe(2); // 1.5 rounds up
    expect(priceAfterPercent(333, 0.01)).toBe(333); // 333.0333
  });

  it("calls more than half up or down a large change", () => {
    expect(isLargePriceChange(8000, 12_000)).toBe(false);
    expect(isLargePriceChange(8000, 12_001)).toBe(true);
    expect(isLargePriceChange(8000, 3999)).toBe(true);
    expect(isLargePriceChange(8000, 10_000_000)).toBe(true);
    expect([isLargePercent(50), isLargePercent(50.01), isLargePercent(-51)]).toEqual([
      false,
      true,
      true,
    ]);
  });

  it("accepts a percentage within its limits, other than 0, to two decimals", () => {
    expect([10, -5, 12.5, 0.01, -90, 500].every(isPricePercent)).toBe(true);
    expect([0, -91, 501, 1.234, Number.NaN, Number.POSITIVE_INFINITY].some(isPricePercent)).toBe(
      false,
    );
  });

  it("reads what a manager types", () => {
    expect(parsePricePercent("+10")).toBe(10);
    expect(parsePricePercent("-5")).toBe(-5);
    expect(parsePricePercent("\u22125")).toBe(-5);
    expect(parsePricePercent(" 12.5 % ")).toBe(12.5);
    expect(parsePricePercent("0")).toBeUndefined();
    expect(parsePricePercent("ten")).toBeUndefined();
    expect(parsePricePercent("1,0")).toBeUndefined();
  });
});

describe("a large price change", () => {
  it("is more than half up or down, and not at the line itself", () => {
    expect(LARGE_PRICE_CHANGE_SHARE).toBe(0.5);
    expect(isLargePriceChange(8000, 12000)).toBe(false);
    expect(isLargePriceChange(8000, 12001)).toBe(true);
    expect(isLargePriceChange(8000, 4000)).toBe(false);
    expect(isLargePriceChange(8000, 3999)).toBe(true);
    expect(isLargePriceChange(8000, 8000)).toBe(false);
  });

  it("reads as the manager would say it", () => {
    expect(priceChangeSentence(8000, 10_000_000, "kg")).toBe(
      "₹80 → ₹1,00,000 per kg: 1,250 times the old price.",
    );
    expect(priceChangeSentence(4550, 2000, "each")).toBe(
      "₹45.50 → ₹20 each: 56% less than the old price.",
    );
    expect(priceChangeSentence(4000, 7000, "bunch")).toBe(
      "₹40 → ₹70 per bunch: 75% more than the old price.",
    );
    expect(priceChangeSentence(4000, 10_000, "dozen")).toBe(
      "₹40 → ₹100 per dozen: 2.5 times the old price.",
    );
  });
});
