import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { discountedUnitPrice, quoteBreakdown } from "./bulk-quote.ts";
import { priceBreakdown } from "./pricing.ts";

describe("an event order's quote", () => {
  it("takes the discount off each unit, taxes what is charged and adds the delivery charge", () => {
    const quote = quoteBreakdown(
      [
        { listPricePaise: 4000, quantity: 50, gstRateBps: 0 }, // tomatoes, kg
        { listPricePaise: 60000, quantity: 10, gstRateBps: 500 }, // paneer, kg
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

  it("rounds a discounted unit price to the paisa, half away from zero", () => {
    expect(discountedUnitPrice(999, 15)).toBe(849);
    expect(discountedUnitPrice(1000, 0)).toBe(1000);
    expect(discountedUnitPrice(1000, 50)).toBe(500);
  });

  it("prices its lines exactly as a shop order at the same unit prices", () => {
    const line = fc.record({
      listPricePaise: fc.integer({ min: 1, max: 5_000_00 }),
      quantity: fc.integer({ min: 1, max: 10_000 }),
      gstRateBps: fc.constantFrom(0, 500, 1200, 1800),
    });
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
