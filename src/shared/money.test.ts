import { describe, expect, it } from "vitest";
import { formatRupees, rupeesToPaise } from "./money.ts";

describe("money", () => {
  it("shows rupees with the ₹ symbol, Indian grouping and two decimals", () => {
    expect(formatRupees(0)).toBe("₹0.00");
    expect(formatRupees(1000)).toBe("₹10.00");
    expect(formatRupees(4950)).toBe("₹49.50");
    expect(formatRupees(100000)).toBe("₹1,000.00");
    expect(formatRupees(12345678)).toBe("₹1,23,456.78");
  });

  it("converts rupees to whole paise without float drift", () => {
    expect(rupeesToPaise(0.1 + 0.2)).toBe(30);
    expect(rupeesToPaise(1000)).toBe(100000);
  });
});
