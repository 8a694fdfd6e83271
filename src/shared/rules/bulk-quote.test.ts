import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  discountedUnitPrice,
  MAX_QUOTE_LINE_UNITS,
  maxQuoteLineQuantity,
  quoteBreakdown,
  quoteLineText,
} from "./bulk-quote.ts";
import { PRODUCT_UNITS } from "./measure.ts";
import { priceBreakdown } from "./pricing.ts";

describe("an event order's quote", () => {
  it("takes the discount off each unit, taxes what is charged and adds the delivery charge", () => {
    const quote = quoteBreakdown(
      [
        { listPricePaise: 4000, quantity: 50_000, unit: "kg", gstRateBps: 0 }, // tomatoes, 50 kg
        { listPricePaise: 60000, quantity: 10_000, unit: "kg", gstRateBps: 500 }, // paneer, 10 kg
      ],
      { discountPercent: 10, deliveryChargePaise: 1_500_00 },
    );
    expect(quote.lines.map((line) => line.unitPricePaise)).toEqual([3600, 54000]);
    expect(quote.listSubtotalPaise).toBe(200000 + 600000);
    expect(quote.subtotalPaise).toBe(180000 + 540000);
    expect(quote.discountPaise).toBe(80000);
    expect(quote.gstPaise).toBe(27000);
    expect(quote.totalPaise).toBe(720000 + 27000 + 150000);
    expect(quote.advancePaise + quote.balancePaise).toBe(quote.totalPaise);
    expect(quote.advancePaise).toBe(448500);
  });

  it("prices grams per kilogram after the discount, and counted lines per unit", () => {
    const quote = quoteBreakdown(
      [
        { listPricePaise: 999, quantity: 12_345, unit: "kg", gstRateBps: 0 }, // 12.345 kg
        { listPricePaise: 6000, quantity: 12, unit: "dozen", gstRateBps: 0 }, // bananas
        { listPricePaise: 60000, quantity: 2_250, unit: "kg", gstRateBps: 500 }, // 2.25 kg paneer
      ],
      { discountPercent: 15, deliveryChargePaise: 0 },
    );
    expect(quote.lines.map((line) => line.unitPricePaise)).toEqual([849, 5100, 51000]);
    // 849 × 12.345 = 10480.905 -> 10481; 60000 × 2.25 = 135000 at list, 51000 × 2.25 = 114750.
    expect(quote.lines.map((line) => line.taxablePaise)).toEqual([10481, 61200, 114750]);
    expect(quote.lines.map((line) => line.gstPaise)).toEqual([0, 0, 5738]); // 5737.5 -> 5738
    // 999 × 12.345 = 12332.655 -> 12333 at list.
    expect(quote.listSubtotalPaise).toBe(12333 + 72000 + 135000);
    expect(quote.discountPaise).toBe(quote.listSubtotalPaise - (10481 + 61200 + 114750));
  });

  it("reads a line as the planner wrote it: the weight or units, and the price per kg or unit", () => {
    const tomatoes = { name: "Tomatoes", listPricePaise: 4000, unit: "kg" };
    expect(quoteLineText({ ...tomatoes, quantity: 50_000 })).toBe(
      "Tomatoes: 50 kg × ₹40.00 per kg",
    );
    expect(quoteLineText({ ...tomatoes, quantity: 12_500 })).toBe(
      "Tomatoes: 12.5 kg × ₹40.00 per kg",
    );
    expect(quoteLineText({ ...tomatoes, quantity: 750 })).toBe("Tomatoes: 750 g × ₹40.00 per kg");
    expect(
      quoteLineText({ name: "Bananas", quantity: 12, unit: "dozen", listPricePaise: 6000 }),
    ).toBe("Bananas: 12 dozen × ₹60.00 per dozen");
  });

  it("takes up to ten thousand kilos or units on a line", () => {
    expect(MAX_QUOTE_LINE_UNITS).toBe(10_000);
    expect(maxQuoteLineQuantity("kg")).toBe(10_000_000);
    expect(maxQuoteLineQuantity("each")).toBe(10_000);
  });

  it("rounds a discounted unit price to the paisa, half away from zero", () => {
    expect(discountedUnitPrice(999, 15)).toBe(849);
    expect(discountedUnitPrice(1000, 0)).toBe(1000);
    expect(discountedUnitPrice(1000, 50)).toBe(500);
  });

  it("prices its lines exactly as a shop order at the same unit prices", () => {
    const line = fc.constantFrom(...PRODUCT_UNITS).chain((unit) =>
      fc.record({
        listPricePaise: fc.integer({ min: 1, max: 5_000_00 }),
        quantity: fc.integer({ min: 1, max: maxQuoteLineQuantity(unit) }),
        unit: fc.constant(unit),
        gstRateBps: fc.constantFrom(0, 500, 1200, 1800),
      }),
    );
    fc.assert(
      fc.property(
        fc.array(line, { minLength: 1, maxLength: 40 }),
        fc.integer({ min: 0, max: 50 }),
        fc.integer({ min: 0, max: 50_000_00 }),
        (lines, discountPercent, deliveryChargePaise) => {
          const quote = quoteBreakdown(lines, { discountPercent, deliveryChargePaise });
          const shop = priceBreakdown(quote.lines);
          expect(quote.subtotalPaise).toBe(shop.subtotalPaise);
          expect(quote.gstPaise).toBe(shop.gstPaise);
          expect(quote.totalPaise).toBe(shop.subtotalPaise + shop.gstPaise + deliveryChargePaise);
          expect(quote.discountPaise).toBeGreaterThanOrEqual(0);
          expect(quote.advancePaise + quote.balancePaise).toBe(quote.totalPaise);
          expect(quote.advancePaise).toBeGreaterThanOrEqual(quote.balancePaise);
        },
      ),
    );
  });
});
