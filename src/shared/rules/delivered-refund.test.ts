import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  creditOfLine,
  DELIVERED_REFUND_MESSAGES,
  type LineCredit,
  refundableLine,
} from "./delivered-refund.ts";
import { lineAmountPaise } from "./measure.ts";
import { lineGstPaise } from "./pricing.ts";

/**
 * A line as sold: the order's price (per unit, or per kg), grams or units, and GST rounded per
 * line, as the invoice shows it.
 */
const soldLine = (unitPricePaise: number, quantity: number, gstRateBps: number, unit = "each") => {
  const taxablePaise = lineAmountPaise(unitPricePaise, quantity, unit);
  return {
    unitPricePaise,
    unit,
    quantity,
    gstRateBps,
    taxablePaise,
    gstPaise: lineGstPaise(taxablePaise, gstRateBps),
  };
};

describe("refunds of a delivered line", () => {
  it("never credits more GST than the line has left, after units rounded up one at a time", () => {
    // ₹25.10 at 5%: each unit's GST of 125.5 paise rounds to 126, the line's to 628.
    const line = soldLine(2510, 5, 500);
    const credits: LineCredit[] = [];
    for (let unit = 0; unit < 4; unit++) {
      const credit = creditOfLine(refundableLine(line, credits), { quantity: 1 });
      credits.push(credit as LineCredit);
    }
    const left = refundableLine(line, credits);
    const byAmount = creditOfLine(left, { amountPaise: left.taxablePaise + left.gstPaise - 1 });
    expect("refused" in byAmount).toBe(false);
    const credit = byAmount as LineCredit;
    expect(credit.gstPaise).toBeLessThanOrEqual(left.gstPaise);
    expect(credit.taxablePaise).toBeLessThanOrEqual(left.taxablePaise);
  });

  it("credits grams of a weighed line at the price per kilo, and what is left when all go back", () => {
    // 1.25 kg of tomatoes at ₹40.00 a kilo, 5% for the sake of the GST: ₹50.00 + ₹2.50.
    const line = soldLine(4000, 1250, 500, "kg");
    expect(line).toMatchObject({ taxablePaise: 5000, gstPaise: 250 });
    const first = creditOfLine(refundableLine(line, []), { quantity: 333 }) as LineCredit;
    expect(first).toEqual({ quantity: 333, taxablePaise: 1332, gstPaise: 67 }); // 66.6 -> 67
    const left = refundableLine(line, [first]);
    expect(left).toMatchObject({ units: 917, taxablePaise: 3668, gstPaise: 183 });
    expect(creditOfLine(left, { quantity: 918 })).toEqual({
      refused: "At most 917 g is left to refund on this line.",
    });
    expect(creditOfLine(left, { quantity: 917 })).toEqual({
      quantity: 917,
      taxablePaise: 3668,
      gstPaise: 183,
    });
    expect(DELIVERED_REFUND_MESSAGES.moreUnitsThanLeft(1250, "kg")).toBe(
      "At most 1.25 kg is left to refund on this line.",
    );
    expect(DELIVERED_REFUND_MESSAGES.moreUnitsThanLeft(2, "bunch")).toBe(
      "At most 2 units are left to refund on this line.",
    );
    expect(DELIVERED_REFUND_MESSAGES.moreUnitsThanLeft(0, "kg")).toBe(
      "Every unit of this line has already been refunded.",
    );
  });

  it("gives back no more than the line, in units, taxable value or GST, whatever the mix of asks", () => {
    const sold = fc.constantFrom("each", "kg").chain((unit) => {
      const most = unit === "kg" ? 20_000 : 20;
      return fc.record({
        unit: fc.constant(unit),
        quantity: fc.integer({ min: 1, max: most }),
        asks: fc.array(
          fc.oneof(
            fc.record({ quantity: fc.integer({ min: 1, max: most }) }),
            fc.record({ amountPaise: fc.integer({ min: 1, max: 1_000_000 }) }),
          ),
          { maxLength: 12 },
        ),
      });
    });
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 50_000 }),
        sold,
        fc.constantFrom(0, 500, 1200, 1800),
        (price, { unit, quantity, asks }, rate) => {
          const line = soldLine(price, quantity, rate, unit);
          const credits: LineCredit[] = [];
          for (const ask of asks) {
            const credit = creditOfLine(refundableLine(line, credits), ask);
            if ("refused" in credit) continue;
            expect(credit.taxablePaise).toBeGreaterThanOrEqual(0);
            expect(credit.gstPaise).toBeGreaterThanOrEqual(0);
            credits.push(credit);
          }
          const left = refundableLine(line, credits);
          expect(left.units).toBeGreaterThanOrEqual(0);
          expect(left.taxablePaise).toBeGreaterThanOrEqual(0);
          expect(left.gstPaise).toBeGreaterThanOrEqual(0);
        },
      ),
      { numRuns: 400 },
    );
  });
});
