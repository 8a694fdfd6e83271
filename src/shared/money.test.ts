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

  it("writes every amount as the platform's en-IN rupee format does", () => {
    const intl = new Intl.NumberFormat("en-IN", {
      style: "currency",
      currency: "INR",
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    const amounts = [0, -0, 1, 9, 10, 99, 100, 101, 99_999, 100_000, 1_234_567, 987_654_321];
    for (let digits = 1; digits <= 15; digits++) {
      amounts.push(10 ** digits - 1, 10 ** digits, 7 * 10 ** (digits - 1) + 3);
    }
    for (let i = 0; i < 2000; i++) amounts.push(Math.floor(Math.random() * 10 ** (1 + (i % 13))));
    for (const paise of [...amounts, ...amounts.map((amount) => -amount)]) {
      expect(formatRupees(paise), String(paise)).toBe(intl.format(paise / 100));
    }
  });

  it("converts rupees to whole paise without float drift", () => {
    expect(rupeesToPaise(0.1 + 0.2)).toBe(30);
    expect(rupeesToPaise(1000)).toBe(100000);
  });
});
