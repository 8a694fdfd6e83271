import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { maxPerOrder, PRODUCT_UNITS } from "./measure.ts";
import {
  DELIVERY_FEE_PAISE,
  deliveryFeePaise,
  FREE_DELIVERY_ABOVE_PAISE,
  lineGstPaise,
  priceAfterShortPick,
  priceBreakdown,
} from "./pricing.ts";

describe("price breakdown", () => {
  it("charges Rs 49 delivery up to and including Rs 500, free above", () => {
    expect(DELIVERY_FEE_PAISE).toBe(4900);
    expect(FREE_DELIVERY_ABOVE_PAISE).toBe(50000);
    expect(deliveryFeePaise(49999)).toBe(4900);
    expect(deliveryFeePaise(50000)).toBe(4900);
    expect(deliveryFeePaise(50001)).toBe(0);
  });

  it("charges no delivery for an empty cart", () => {
    expect(priceBreakdown([])).toEqual({
      lines: [],
      subtotalPaise: 0,
      gstPaise: 0,
      deliveryFeePaise: 0,
      totalPaise: 0,
    });
  });

  it("taxes each line at its own rate: exempt produce and 5% ghee", () => {
    const breakdown = priceBreakdown([
      { unitPricePaise: 22000, quantity: 2000, unit: "kg", gstRateBps: 0 }, // apples, 2 kg
      { unitPricePaise: 100000, quantity: 1, unit: "each", gstRateBps: 500 }, // desi ghee
    ]);
    expect(breakdown.lines).toEqual([
      { taxablePaise: 44000, gstPaise: 0 },
      { taxablePaise: 100000, gstPaise: 5000 },
    ]);
    expect(breakdown.subtotalPaise).toBe(144000);
    expect(breakdown.gstPaise).toBe(5000);
    expect(breakdown.deliveryFeePaise).toBe(0);
    expect(breakdown.totalPaise).toBe(149000);
  });

  it("adds the delivery fee below the threshold", () => {
    const breakdown = priceBreakdown([
      { unitPricePaise: 4000, quantity: 3000, unit: "kg", gstRateBps: 0 },
    ]);
    expect(breakdown.totalPaise).toBe(12000 + 4900);
  });

  it("prices a weight per kilogram, rounded once per line, then taxes what is charged", () => {
    const breakdown = priceBreakdown([
      { unitPricePaise: 4000, quantity: 750, unit: "kg", gstRateBps: 0 }, // tomatoes, ₹30.00
      { unitPricePaise: 4500, quantity: 333, unit: "kg", gstRateBps: 500 }, // 1498.5 -> 1499
      { unitPricePaise: 2500, quantity: 3, unit: "bunch", gstRateBps: 0 }, // mint
    ]);
    expect(breakdown.lines).toEqual([
      { taxablePaise: 3000, gstPaise: 0 },
      { taxablePaise: 1499, gstPaise: 75 }, // 74.95 -> 75
      { taxablePaise: 7500, gstPaise: 0 },
    ]);
    expect(breakdown.subtotalPaise).toBe(11999);
    expect(breakdown.totalPaise).toBe(11999 + 75 + 4900);
  });

  it("rounds GST to whole paise, half up, per line", () => {
    expect(lineGstPaise(1010, 500)).toBe(51); // 50.5 -> 51
    expect(lineGstPaise(1009, 500)).toBe(50); // 50.45 -> 50
    expect(lineGstPaise(33333, 1800)).toBe(6000); // 5999.94 -> 6000
  });

  it("always totals subtotal + GST + delivery in whole paise", () => {
    const line = fc.constantFrom(...PRODUCT_UNITS).chain((unit) =>
      fc.record({
        unitPricePaise: fc.integer({ min: 0, max: 200_000 }),
        quantity: fc.integer({ min: 1, max: maxPerOrder(unit) }),
        unit: fc.constant(unit),
        gstRateBps: fc.constantFrom(0, 500, 1200, 1800),
      }),
    );
    fc.assert(
      fc.property(fc.array(line, { maxLength: 20 }), (lines) => {
        const b = priceBreakdown(lines);
        expect(Number.isInteger(b.totalPaise)).toBe(true);
        expect(b.totalPaise).toBe(b.subtotalPaise + b.gstPaise + b.deliveryFeePaise);
        expect(b.gstPaise).toBe(b.lines.reduce((sum, l) => sum + l.gstPaise, 0));
        expect(b.deliveryFeePaise).toBe(
          b.subtotalPaise === 0 || b.subtotalPaise > FREE_DELIVERY_ABOVE_PAISE ? 0 : 4900,
        );
      }),
    );
  });
});

describe("prices after a short pick", () => {
  const lines = [{ unitPricePaise: 3600, quantity: 8000, unit: "kg", gstRateBps: 0 }];
  it("never charges a shop order more delivery than it paid, and an event its quoted charge", () => {
    expect(priceAfterShortPick(lines, 4900).deliveryFeePaise).toBe(4900);
    expect(priceAfterShortPick(lines, 0).deliveryFeePaise).toBe(0);
    expect(priceAfterShortPick(lines, 50000, { deliveryQuoted: true })).toMatchObject({
      deliveryFeePaise: 50000,
      totalPaise: 28800 + 50000,
    });
  });

  it("prices a weighed line at what was packed, at the order's own price", () => {
    // 8 kg ordered at ₹36.00 a kilo, 7.85 kg packed: ₹282.60, and the Rs 49 already charged.
    const packed = [{ unitPricePaise: 3600, quantity: 7850, unit: "kg", gstRateBps: 0 }];
    expect(priceAfterShortPick(packed, 4900)).toMatchObject({
      subtotalPaise: 28260,
      deliveryFeePaise: 4900,
      totalPaise: 28260 + 4900,
    });
  });
});
