import { describe, expect, it } from "vitest";
import {
  isLargePriceChange,
  LARGE_PRICE_CHANGE_SHARE,
  priceChangeSentence,
} from "./price-change.ts";

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
