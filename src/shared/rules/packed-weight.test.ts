import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { COUNT_UNITS, lineAmountPaise, maxPerOrder } from "./measure.ts";
import {
  chargedQuantity,
  DEFAULT_WEIGHT_TOLERANCE_PERCENT,
  MAX_WEIGHT_TOLERANCE_PERCENT,
  needsShortReason,
  overPackAllowed,
  PACKED_TEXT,
  type PackedLine,
  weightCeiling,
  weightFloor,
} from "./packed-weight.ts";

const TEN = DEFAULT_WEIGHT_TOLERANCE_PERCENT;
const CASH = false;
const PREPAID = true;
const kilos = (ordered: number, packed: number): PackedLine => ({ unit: "kg", ordered, packed });

const tolerances = fc.integer({ min: 0, max: MAX_WEIGHT_TOLERANCE_PERCENT });
const paidBefore = fc.boolean();
const prices = fc.integer({ min: 0, max: 10_00_000 });
/** A weighed line as the packer may record it: up to one order's cap, packed up to twice that. */
const weighed = fc.record({
  unit: fc.constant("kg"),
  ordered: fc.integer({ min: 1, max: maxPerOrder("kg") }),
  packed: fc.integer({ min: 0, max: 2 * maxPerOrder("kg") }),
});
/** A counted line packed as it may be: never more than ordered (overPackAllowed). */
const counted = fc
  .record({
    unit: fc.constantFrom(...COUNT_UNITS),
    ordered: fc.integer({ min: 1, max: maxPerOrder("each") }),
    packed: fc.nat(maxPerOrder("each")),
  })
  .filter((line) => line.packed <= line.ordered);

describe("the tolerance of a weighed line", () => {
  it("is ten percent either way unless the shop sets another, and at most half", () => {
    expect(DEFAULT_WEIGHT_TOLERANCE_PERCENT).toBe(10);
    expect(MAX_WEIGHT_TOLERANCE_PERCENT).toBe(50);
    expect(weightCeiling(1000, TEN)).toBe(1100);
    expect(weightFloor(1000, TEN)).toBe(900);
    expect(weightCeiling(750, TEN)).toBe(825);
    expect(weightFloor(750, TEN)).toBe(675);
  });

  it("stays within whole grams of the tolerance: the ceiling rounds down, the floor up", () => {
    expect(weightCeiling(333, TEN)).toBe(366); // 366.3
    expect(weightFloor(333, TEN)).toBe(300); // 299.7
    expect(weightCeiling(1000, 0)).toBe(1000);
    expect(weightFloor(1000, 0)).toBe(1000);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: maxPerOrder("kg") }), tolerances, (ordered, t) => {
        const ceiling = weightCeiling(ordered, t);
        const floor = weightFloor(ordered, t);
        expect(Number.isInteger(ceiling) && Number.isInteger(floor)).toBe(true);
        expect(floor).toBeLessThanOrEqual(ordered);
        expect(ceiling).toBeGreaterThanOrEqual(ordered);
        expect(ceiling * 100).toBeLessThanOrEqual(ordered * (100 + t));
        expect(floor * 100).toBeGreaterThanOrEqual(ordered * (100 - t));
      }),
    );
  });
});

describe("what a packed line is charged for", () => {
  it("charges cash for what was packed within the tolerance, and never above it", () => {
    // 1 kg ordered, 1.04 kg packed.
    expect(chargedQuantity(kilos(1000, 1040), TEN, CASH)).toBe(1040);
    // 1.2 kg packed: capped at 1.1 kg, the most the shopper agreed to.
    expect(chargedQuantity(kilos(1000, 1200), TEN, CASH)).toBe(1100);
    // 750 g ordered, 780 g packed.
    expect(chargedQuantity(kilos(750, 780), TEN, CASH)).toBe(780);
    // Lighter: what was packed, within the tolerance or not.
    expect(chargedQuantity(kilos(1000, 950), TEN, CASH)).toBe(950);
    expect(chargedQuantity(kilos(1000, 600), TEN, CASH)).toBe(600);
  });

  it("never charges a payment taken before packing more than was ordered", () => {
    expect(chargedQuantity(kilos(1000, 1040), TEN, PREPAID)).toBe(1000);
    expect(chargedQuantity(kilos(1000, 1200), TEN, PREPAID)).toBe(1000);
    expect(chargedQuantity(kilos(750, 780), TEN, PREPAID)).toBe(750);
    expect(chargedQuantity(kilos(1000, 950), TEN, PREPAID)).toBe(950);
  });

  it("charges a counted line for the units packed, never more than ordered", () => {
    const bunches = (packed: number): PackedLine => ({ unit: "bunch", ordered: 3, packed });
    expect(chargedQuantity(bunches(2), TEN, CASH)).toBe(2);
    expect(chargedQuantity(bunches(3), TEN, PREPAID)).toBe(3);
    expect(chargedQuantity(bunches(4), TEN, CASH)).toBe(3);
  });

  it("never charges a weighed line for more than was packed or than the tolerance allows", () => {
    fc.assert(
      fc.property(weighed, tolerances, paidBefore, (line, t, prepaid) => {
        const charged = chargedQuantity(line, t, prepaid);
        expect(Number.isInteger(charged)).toBe(true);
        expect(charged).toBeGreaterThanOrEqual(0);
        expect(charged).toBeLessThanOrEqual(line.packed);
        expect(charged).toBeLessThanOrEqual(weightCeiling(line.ordered, t));
        if (prepaid) expect(charged).toBeLessThanOrEqual(line.ordered);
      }),
      { numRuns: 1000 },
    );
  });

  it("charges cash exactly what was packed within the tolerance", () => {
    const withinTolerance = fc
      .tuple(fc.integer({ min: 1, max: maxPerOrder("kg") }), tolerances)
      .chain(([ordered, t]) =>
        fc.record({
          line: fc.record({
            unit: fc.constant("kg"),
            ordered: fc.constant(ordered),
            packed: fc.integer({ min: weightFloor(ordered, t), max: weightCeiling(ordered, t) }),
          }),
          t: fc.constant(t),
        }),
      );
    fc.assert(
      fc.property(withinTolerance, ({ line, t }) => {
        expect(chargedQuantity(line, t, CASH)).toBe(line.packed);
        expect(chargedQuantity(line, t, PREPAID)).toBe(Math.min(line.packed, line.ordered));
      }),
      { numRuns: 1000 },
    );
  });

  it("never charges a counted line for more than was ordered or packed", () => {
    fc.assert(
      fc.property(counted, tolerances, paidBefore, (line, t, prepaid) => {
        const charged = chargedQuantity(line, t, prepaid);
        expect(charged).toBe(line.packed);
        expect(charged).toBeLessThanOrEqual(line.ordered);
      }),
    );
  });

  it("never reprices a line above the line at the tolerance ceiling", () => {
    fc.assert(
      fc.property(
        fc.oneof(weighed, counted),
        tolerances,
        paidBefore,
        prices,
        (line, t, prepaid, price) => {
          const repriced = lineAmountPaise(price, chargedQuantity(line, t, prepaid), line.unit);
          expect(repriced).toBeLessThanOrEqual(
            lineAmountPaise(price, weightCeiling(line.ordered, t), line.unit),
          );
          if (prepaid) {
            expect(repriced).toBeLessThanOrEqual(lineAmountPaise(price, line.ordered, line.unit));
          }
        },
      ),
      { numRuns: 1000 },
    );
  });
});

describe("a line packed short", () => {
  it("needs no reason for a weight within the tolerance, and one beyond it", () => {
    expect(needsShortReason(kilos(1000, 900), TEN)).toBe(false);
    expect(needsShortReason(kilos(1000, 899), TEN)).toBe(true);
    expect(needsShortReason(kilos(1000, 1200), TEN)).toBe(false);
    expect(needsShortReason(kilos(750, 675), TEN)).toBe(false);
    expect(needsShortReason(kilos(750, 674), TEN)).toBe(true);
    expect(needsShortReason(kilos(1000, 0), TEN)).toBe(true);
  });

  it("needs a reason for any counted line packed short", () => {
    expect(needsShortReason({ unit: "bunch", ordered: 3, packed: 2 }, TEN)).toBe(true);
    expect(needsShortReason({ unit: "each", ordered: 50, packed: 49 }, 50)).toBe(true);
    expect(needsShortReason({ unit: "each", ordered: 3, packed: 3 }, TEN)).toBe(false);
  });

  it("asks a reason of a weighed line exactly when it is below the tolerance", () => {
    fc.assert(
      fc.property(weighed, tolerances, (line, t) => {
        expect(needsShortReason(line, t)).toBe(line.packed < weightFloor(line.ordered, t));
        if (line.packed >= weightFloor(line.ordered, t)) {
          expect(needsShortReason(line, t)).toBe(false);
        }
      }),
      { numRuns: 1000 },
    );
  });

  it("asks a reason of every counted line packed short, whatever the tolerance", () => {
    fc.assert(
      fc.property(counted, tolerances, (line, t) => {
        expect(needsShortReason(line, t)).toBe(line.packed < line.ordered);
      }),
    );
  });

  it("lets only a weighed line be packed heavier than ordered, and at most twice as heavy", () => {
    expect(overPackAllowed(kilos(1000, 1200))).toBe(true);
    expect(overPackAllowed(kilos(1000, 2000))).toBe(true);
    expect(overPackAllowed(kilos(1000, 2001))).toBe(false);
    expect(overPackAllowed({ unit: "bunch", ordered: 3, packed: 4 })).toBe(false);
    expect(overPackAllowed({ unit: "bunch", ordered: 3, packed: 3 })).toBe(true);
  });
});

describe("what the packer and the shopper read", () => {
  it("names what was ordered and what was packed", () => {
    expect(PACKED_TEXT.quantities("kg", 1000, 1040)).toBe("1 kg ordered, 1.04 kg packed");
    expect(PACKED_TEXT.orderedAndPacked("Tomatoes", "kg", 750, 780)).toBe(
      "Tomatoes 750 g ordered, 780 g packed",
    );
    expect(PACKED_TEXT.quantities("bunch", 3, 2)).toBe("3 bunch ordered, 2 bunch packed");
    expect(PACKED_TEXT.tooMuch("Mint", 3)).toBe("Mint: pack at most the 3 ordered.");
    expect(PACKED_TEXT.weighAgain("Tomatoes", "kg", 1000, 10_000)).toBe(
      "Tomatoes: 10 kg is more than twice the 1 kg ordered. Please weigh it again.",
    );
  });
});
