import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { creditOfLine, type LineCredit, refundableLine } from "./delivered-refund.ts";
import {
  COUNT_UNITS,
  formatQuantity,
  GRAMS_PER_KG,
  isWeighed,
  lineAmountPaise,
  MAX_PER_ORDER_UNITS,
  MEASURE_MESSAGES,
  maxPerOrder,
  onSteps,
  PRODUCT_UNITS,
  parseQuantityText,
  pricedPer,
  pricedUnitLabel,
  quantityProblem,
  quantityText,
  type Steps,
  WEIGHT_UNITS,
} from "./measure.ts";
import { deliveryFeePaise, lineGstPaise, type PricedLine, priceBreakdown } from "./pricing.ts";
import { GST_RATES_BPS } from "./product-form.ts";

const units = fc.constantFrom(...PRODUCT_UNITS);
const gstRates = fc.constantFrom(...GST_RATES_BPS);
/** Any price the product form takes and more: ₹0 to ₹10,00,000 (per unit or per kg). */
const prices = fc.integer({ min: 0, max: 10_00_000 });

/** Any line a shop order can hold: a unit, and a quantity of it from 1 up to one order's cap. */
const pricedLine: fc.Arbitrary<PricedLine> = units.chain((unit) =>
  fc.record({
    unitPricePaise: prices,
    quantity: fc.integer({ min: 1, max: maxPerOrder(unit) }),
    unit: fc.constant(unit),
    gstRateBps: gstRates,
  }),
);

describe("units and what they measure", () => {
  it("weighs kilograms in grams and counts everything else in whole units", () => {
    expect(WEIGHT_UNITS).toEqual(["kg"]);
    expect(isWeighed("kg")).toBe(true);
    for (const unit of COUNT_UNITS) expect(isWeighed(unit)).toBe(false);
    expect(GRAMS_PER_KG).toBe(1000);
    expect(pricedPer("kg")).toBe(1000);
    expect(pricedPer("bunch")).toBe(1);
    expect(maxPerOrder("kg")).toBe(50_000);
    expect(maxPerOrder("each")).toBe(MAX_PER_ORDER_UNITS);
  });

  it("writes a weight in grams below a kilo and in kilograms from one", () => {
    expect(formatQuantity(750, "kg")).toBe("750 g");
    expect(formatQuantity(999, "kg")).toBe("999 g");
    expect(formatQuantity(1000, "kg")).toBe("1 kg");
    expect(formatQuantity(1250, "kg")).toBe("1.25 kg");
    expect(formatQuantity(1005, "kg")).toBe("1.005 kg");
    expect(formatQuantity(12_500, "kg")).toBe("12.5 kg");
    // Indian grouping, as the rest of the shop writes numbers.
    expect(formatQuantity(1_250_000, "kg")).toBe("1,250 kg");
    expect(formatQuantity(2, "bunch")).toBe("2 bunch");
    expect(formatQuantity(1000, "each")).toBe("1000");
  });

  it('says what a price is for, and a price for one thing sold each reads "each"', () => {
    expect(pricedUnitLabel("kg")).toBe("per kg");
    expect(pricedUnitLabel("bunch")).toBe("per bunch");
    expect(pricedUnitLabel("each")).toBe("each");
  });
});

describe("what a quantity costs", () => {
  it("prices grams per kilogram and units per unit", () => {
    expect(lineAmountPaise(4000, 750, "kg")).toBe(3000); // 750 g at ₹40.00 a kilo: ₹30.00
    expect(lineAmountPaise(4000, 333, "kg")).toBe(1332); // 333 g: ₹13.32
    expect(lineAmountPaise(4000, 1000, "kg")).toBe(4000);
    expect(lineAmountPaise(4000, 3, "each")).toBe(12000);
    expect(lineAmountPaise(4000, 3, "bunch")).toBe(12000);
    expect(lineAmountPaise(0, 12_345, "kg")).toBe(0);
  });

  it("rounds once, half a paisa up (away from zero), to whole paise", () => {
    expect(lineAmountPaise(4001, 500, "kg")).toBe(2001); // 2000.5
    expect(lineAmountPaise(4500, 333, "kg")).toBe(1499); // 1498.5
    expect(lineAmountPaise(1, 500, "kg")).toBe(1); // 0.5
    expect(lineAmountPaise(1, 499, "kg")).toBe(0); // 0.499
    expect(lineAmountPaise(3333, 333, "kg")).toBe(1110); // 1109.889
    expect(lineAmountPaise(4001, 499, "kg")).toBe(1996); // 1996.499
  });

  // The one pricing rule: the cart and checkout price lines with priceBreakdown, the server
  // stores its line amounts on the order (the invoice prints them), and a credit note prices the
  // grams or units given back with lineAmountPaise and lineGstPaise (creditOfLine). Whatever the
  // unit, a line costs lineAmountPaise of its quantity, taxed by lineGstPaise, in all of them.
  it("prices every line of a breakdown by lineAmountPaise and lineGstPaise, for any unit", () => {
    fc.assert(
      fc.property(fc.array(pricedLine, { maxLength: 12 }), (lines) => {
        const breakdown = priceBreakdown(lines);
        lines.forEach((line, index) => {
          const taxable = lineAmountPaise(line.unitPricePaise, line.quantity, line.unit);
          expect(breakdown.lines[index]).toEqual({
            taxablePaise: taxable,
            gstPaise: lineGstPaise(taxable, line.gstRateBps),
          });
          expect(Number.isInteger(taxable)).toBe(true);
        });
        const sum = (pick: (line: { taxablePaise: number; gstPaise: number }) => number) =>
          breakdown.lines.reduce((total, line) => total + pick(line), 0);
        expect(breakdown.subtotalPaise).toBe(sum((line) => line.taxablePaise));
        expect(breakdown.gstPaise).toBe(sum((line) => line.gstPaise));
        expect(breakdown.deliveryFeePaise).toBe(deliveryFeePaise(breakdown.subtotalPaise));
        expect(breakdown.totalPaise).toBe(
          sum((line) => line.taxablePaise + line.gstPaise) + breakdown.deliveryFeePaise,
        );
      }),
      { numRuns: 500 },
    );
  });

  it("credits part of a delivered line exactly as that part is priced on an order", () => {
    fc.assert(
      fc.property(pricedLine, fc.double({ min: 0, max: 1, noNaN: true }), (line, share) => {
        const [sold] = priceBreakdown([line]).lines;
        const delivered = { ...line, ...sold! };
        const part = Math.max(1, Math.floor(line.quantity * share));
        const credit = creditOfLine(refundableLine(delivered, []), { quantity: part });
        const [priced] = priceBreakdown([{ ...line, quantity: part }]).lines;
        expect(credit as LineCredit).toEqual({ quantity: part, ...priced! });
      }),
      { numRuns: 300 },
    );
  });
});

describe("what a shopper may buy", () => {
  const tomatoes: Steps = { name: "Tomatoes", unit: "kg", step: 250, minimum: 500 };
  const mint: Steps = { name: "Mint", unit: "bunch", step: 1, minimum: 1 };

  it("takes a weight from the minimum up in whole steps, up to one order's cap", () => {
    for (const grams of [500, 750, 1000, 12_500, 50_000]) {
      expect(quantityProblem(tomatoes, grams)).toBeUndefined();
    }
    expect(quantityProblem(mint, 1)).toBeUndefined();
    expect(quantityProblem(mint, 50)).toBeUndefined();
  });

  it("says which product a weight off its steps is for, and its step", () => {
    const problem = quantityProblem(tomatoes, 600);
    expect(problem).toBe("Tomatoes is sold in steps of 250 g (for example 500 g, 750 g).");
    expect(problem).toBe(MEASURE_MESSAGES.offStep(tomatoes));
    expect(quantityProblem({ ...tomatoes, step: 1500 }, 1000 + 500)).toContain("1.5 kg");
  });

  it("says which product a weight below its minimum is for, and the least it can be", () => {
    const problem = quantityProblem(tomatoes, 250);
    expect(problem).toBe("Tomatoes: the least you can buy is 500 g.");
    expect(problem).toBe(MEASURE_MESSAGES.belowMinimum(tomatoes));
  });

  it("says which product a weight above the cap is for, the cap and what to do instead", () => {
    const problem = quantityProblem(tomatoes, 50_250);
    expect(problem).toBe("Tomatoes: at most 50 kg per order. For more, please place a bulk order.");
    expect(quantityProblem(mint, 51)).toBe(
      "Mint: at most 50 bunch per order. For more, please place a bulk order.",
    );
  });

  it("says which product a weight that is not whole grams is for", () => {
    expect(quantityProblem(tomatoes, 750.5)).toBe(
      "Tomatoes: please give the weight in whole grams.",
    );
    expect(quantityProblem(mint, 1.5)).toBe("Mint: please give a whole number of bunch.");
    for (const nothing of [0, -250, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(quantityProblem(tomatoes, nothing)).toContain("Tomatoes");
    }
  });

  it("brings any quantity onto the steps", () => {
    expect(onSteps(tomatoes, 0)).toBe(500);
    expect(onSteps(tomatoes, 600)).toBe(500);
    expect(onSteps(tomatoes, 625)).toBe(750); // halfway rounds up
    expect(onSteps(tomatoes, 880)).toBe(1000);
    expect(onSteps(tomatoes, 999_999)).toBe(50_000);
    expect(onSteps({ unit: "kg", step: 300, minimum: 300 }, 60_000)).toBe(49_800);
    expect(onSteps(mint, 7)).toBe(7);
    expect(onSteps(mint, 80)).toBe(50);
  });

  it("puts any quantity on steps the shopper may buy, when the cap allows the minimum", () => {
    const steps = units.chain((unit) =>
      fc.record({
        name: fc.constant("Produce"),
        unit: fc.constant(unit),
        step: fc.integer({ min: 1, max: maxPerOrder(unit) }),
        minimum: fc.integer({ min: 1, max: maxPerOrder(unit) }),
      }),
    );
    const anyQuantity = fc.oneof(
      fc.integer({ min: -1_000_000, max: 1_000_000 }),
      fc.double({ min: -1e7, max: 1e7 }),
      fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY),
    );
    fc.assert(
      fc.property(steps, anyQuantity, (product, quantity) => {
        expect(quantityProblem(product, onSteps(product, quantity))).toBeUndefined();
      }),
      { numRuns: 1000 },
    );
  });
});

describe("a quantity typed by staff", () => {
  it("reads kilograms with at most three decimals as grams", () => {
    expect(parseQuantityText("12.5", "kg")).toEqual({ quantity: 12_500 });
    expect(parseQuantityText("0.750", "kg")).toEqual({ quantity: 750 });
    expect(parseQuantityText("0.75", "kg")).toEqual({ quantity: 750 });
    expect(parseQuantityText("1.005", "kg")).toEqual({ quantity: 1005 });
    expect(parseQuantityText(" 3 ", "kg")).toEqual({ quantity: 3000 });
  });

  it("refuses a weight it cannot read exactly, saying how to write it", () => {
    for (const text of ["1.2345", "-1", "abc", "1,5", "", ".5", "1.", "1e3", "1 kg"]) {
      expect(parseQuantityText(text, "kg")).toEqual({ problem: MEASURE_MESSAGES.weightText });
    }
  });

  it("reads a whole number of units and nothing else", () => {
    expect(parseQuantityText("3", "bunch")).toEqual({ quantity: 3 });
    expect(parseQuantityText(" 12 ", "each")).toEqual({ quantity: 12 });
    for (const text of ["1.5", "-1", "abc", "1,5", ""]) {
      expect(parseQuantityText(text, "each")).toEqual({ problem: MEASURE_MESSAGES.unitsText });
    }
  });

  it("writes a quantity back as it would be typed", () => {
    expect(quantityText(12_500, "kg")).toBe("12.5");
    expect(quantityText(750, "kg")).toBe("0.75");
    expect(quantityText(1005, "kg")).toBe("1.005");
    expect(quantityText(3000, "kg")).toBe("3");
    expect(quantityText(0, "kg")).toBe("0");
    expect(quantityText(3, "bunch")).toBe("3");
  });

  it("reads back whatever it writes, in any unit", () => {
    fc.assert(
      fc.property(units, fc.integer({ min: 0, max: 999_999_999 }), (unit, quantity) => {
        expect(parseQuantityText(quantityText(quantity, unit), unit)).toEqual({ quantity });
      }),
      { numRuns: 1000 },
    );
  });
});
