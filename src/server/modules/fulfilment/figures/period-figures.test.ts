import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { DayFigures } from "./day-figures.ts";
import { medianOf, periodFigures } from "./period-figures.ts";

/** The median of plain numbers, as percentile_cont(0.5) takes it. */
function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = (sorted.length - 1) / 2;
  return (sorted[Math.floor(middle)]! + sorted[Math.ceil(middle)]!) / 2;
}

const histogramOf = (values: number[]) => {
  const histogram: Record<string, number> = {};
  for (const value of values) histogram[value] = (histogram[value] ?? 0) + 1;
  return histogram;
};

const day = (overrides: Partial<DayFigures> & { day: string }): DayFigures => ({
  orders: 0,
  cancelled: 0,
  revenuePaise: 0,
  delivered: 0,
  deliveredOnTime: 0,
  eventOrders: 0,
  eventRevenuePaise: 0,
  paymentMethods: {},
  cancelReasons: {},
  products: {},
  stateMinutes: {},
  ...overrides,
});

describe("a period's figures from its days", () => {
  it("takes the median of a histogram as of the values it counts", () => {
    expect(medianOf({})).toBeNull();
    expect(medianOf({ "7": 1 })).toBe(7);
    expect(medianOf({ "2": 1, "4": 1, "5": 1, "10": 1 })).toBe(4.5);
    expect(medianOf({ "10": 2, "3": 1 })).toBe(10);
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 1440 }), { maxLength: 60 }), (values) => {
        expect(medianOf(histogramOf(values))).toBe(median(values));
      }),
    );
  });

  it("merges days' histograms, so a period's median is the median of all its orders", () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.integer({ min: 0, max: 300 }), { maxLength: 15 }), {
          minLength: 1,
          maxLength: 7,
        }),
        (perDay) => {
          const days = perDay.map((values, index) =>
            day({
              day: `2026-11-${String(10 + index).padStart(2, "0")}`,
              stateMinutes: { packed: histogramOf(values) },
            }),
          );
          const figures = periodFigures(days, "2026-11-10", "2026-11-30", (id) => ({
            name: id,
            unit: "each",
          }));
          const packed = figures.stateMinutes.find((entry) => entry.state === "packed")!;
          expect(packed.medianMinutes).toBe(median(perDay.flat()));
          expect(packed.orders).toBe(perDay.flat().length);
        },
      ),
    );
  });

  it("counts only the days inside the period, and ranks the best sellers both ways", () => {
    const days = [
      day({
        day: "2026-11-01",
        orders: 9,
        revenuePaise: 99_000,
        products: { old: { units: 50, revenuePaise: 50_000 } },
      }),
      day({
        day: "2026-11-02",
        // Three orders counted, one more placed and cancelled (shared/rules/order-count.ts).
        orders: 3,
        cancelled: 1,
        revenuePaise: 30_000,
        delivered: 2,
        deliveredOnTime: 1,
        paymentMethods: {
          upi: { orders: 2, revenuePaise: 20_000 },
          cash: { orders: 1, revenuePaise: 10_000 },
        },
        cancelReasons: { other: 1 },
        products: {
          cheap: { units: 9, revenuePaise: 900 },
          dear: { units: 1, revenuePaise: 20_000 },
        },
      }),
    ];
    const figures = periodFigures(days, "2026-11-02", "2026-11-02", (id) => ({
      name: id.toUpperCase(),
      unit: "each",
    }));
    expect(figures).toMatchObject({
      orders: 3,
      revenuePaise: 30_000,
      averageOrderPaise: 10_000,
      cancellationRate: 0.25,
      onTimeRate: 0.5,
    });
    expect(figures.topProducts.byRevenue.map((product) => product.name)).toEqual(["DEAR", "CHEAP"]);
    expect(figures.topProducts.byUnits.map((product) => product.productId)).toEqual([
      "cheap",
      "dear",
    ]);
    expect(figures.paymentMix.find((entry) => entry.method === "upi")).toEqual({
      method: "upi",
      orders: 2,
      revenuePaise: 20_000,
    });
    const empty = periodFigures(days, "2026-11-03", "2026-11-03", (id) => ({
      name: id,
      unit: "each",
    }));
    expect(empty).toMatchObject({
      orders: 0,
      averageOrderPaise: null,
      cancellationRate: null,
      onTimeRate: null,
    });
  });
});
