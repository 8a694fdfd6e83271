import { describe, expect, it } from "vitest";
import {
  isLargePercent,
  isLargePriceChange,
  isPricePercent,
  parsePricePercent,
  priceAfterPercent,
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
