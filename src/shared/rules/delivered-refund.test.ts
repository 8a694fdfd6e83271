import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { creditOfLine, type LineCredit, refundableLine } from "./delivered-refund.ts";
import { lineGstPaise } from "./pricing.ts";

/** A line as sold: the order's price, units and GST rounded per line, as the invoice shows it. */
const soldLine = (unitPricePaise: number, quantity: number, gstRateBps: number) => {
  const taxablePaise = unitPricePaise * quantity;
  return {
    unitPricePaise,
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

  it("gives back no more than the line, in units, taxable value or GST, whatever the mix of asks", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 50_000 }),
        fc.integer({ min: 1, max: 20 }),
        fc.constantFrom(0, 500, 1200, 1800),
        fc.array(
          fc.oneof(
            fc.record({ quantity: fc.integer({ min: 1, max: 20 }) }),
            fc.record({ amountPaise: fc.integer({ min: 1, max: 1_000_000 }) }),
          ),
          { maxLength: 12 },
        ),
        (price, quantity, rate, asks) => {
          const line = soldLine(price, quantity, rate);
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
