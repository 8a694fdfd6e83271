// Days' figures merged into a period's: sums, rates, the best sellers and the medians (the
// minute histograms of the days add up, so a month's median comes from 30 rows, not its orders).
import { PAYMENT_METHODS } from "../../../../shared/contracts/checkout.ts";
import {
  type PeriodFigures,
  TIMED_STATES,
  TOP_PRODUCTS,
} from "../../../../shared/contracts/sales-figures.ts";
import { pricedPer } from "../../../../shared/rules/measure.ts";
import { averageOrderPaise, cancellationRate } from "../../../../shared/rules/order-count.ts";
import { CANCEL_REASONS } from "../../../../shared/rules/order-fulfilment.ts";
import type { MinuteHistogram } from "../schema.ts";
import type { DayFigures } from "./day-figures.ts";

/**
 * The median of the minutes a histogram counts, as `percentile_cont(0.5)` would give over the
 * orders themselves: the middle value, or halfway between the two middle ones.
 */
export function medianOf(histogram: MinuteHistogram): number | null {
  const buckets = Object.entries(histogram)
    .map(([minute, orders]) => [Number(minute), orders] as const)
    .filter(([, orders]) => orders > 0)
    .sort((a, b) => a[0] - b[0]);
  const total = buckets.reduce((sum, [, orders]) => sum + orders, 0);
  if (total === 0) return null;
  // 0-based positions of the lower and upper middle values.
  const lower = Math.floor((total - 1) / 2);
  const upper = Math.ceil((total - 1) / 2);
  let seen = 0;
  let lowerValue: number | undefined;
  for (const [minute, orders] of buckets) {
    seen += orders;
    if (lowerValue === undefined && seen > lower) lowerValue = minute;
    if (seen > upper) return ((lowerValue ?? minute) + minute) / 2;
  }
  return null;
}

const ratio = (part: number, whole: number) => (whole > 0 ? part / whole : null);

/** `productOf` gives the product's name and unit now (the id and "each" when it has none). */
export function periodFigures(
  days: readonly DayFigures[],
  from: string,
  to: string,
  productOf: (id: string) => { name: string; unit: string },
): PeriodFigures {
  const inside = days.filter((day) => day.day >= from && day.day <= to);
  let orders = 0;
  let revenuePaise = 0;
  let cancelled = 0;
  let delivered = 0;
  let deliveredOnTime = 0;
  let eventOrders = 0;
  let eventRevenuePaise = 0;
  const methods = new Map<string, { orders: number; revenuePaise: number }>();
  const reasons = new Map<string, number>();
  const products = new Map<string, { units: number; revenuePaise: number }>();
  const minutes = new Map<string, MinuteHistogram>();
  for (const day of inside) {
    orders += day.orders;
    revenuePaise += day.revenuePaise;
    cancelled += day.cancelled;
    delivered += day.delivered;
    deliveredOnTime += day.deliveredOnTime;
    eventOrders += day.eventOrders;
    eventRevenuePaise += day.eventRevenuePaise;
    for (const [method, figures] of Object.entries(day.paymentMethods)) {
      const sum = methods.get(method) ?? { orders: 0, revenuePaise: 0 };
      sum.orders += figures.orders;
      sum.revenuePaise += figures.revenuePaise;
      methods.set(method, sum);
    }
    for (const [reason, count] of Object.entries(day.cancelReasons)) {
      reasons.set(reason, (reasons.get(reason) ?? 0) + count);
    }
    for (const [productId, figures] of Object.entries(day.products)) {
      const sum = products.get(productId) ?? { units: 0, revenuePaise: 0 };
      sum.units += figures.units;
      sum.revenuePaise += figures.revenuePaise;
      products.set(productId, sum);
    }
    for (const [state, histogram] of Object.entries(day.stateMinutes)) {
      const sum = minutes.get(state) ?? {};
      for (const [minute, count] of Object.entries(histogram)) {
        sum[minute] = (sum[minute] ?? 0) + count;
      }
      minutes.set(state, sum);
    }
  }
  const sold = [...products].map(([productId, figures]) => ({
    productId,
    ...productOf(productId),
    ...figures,
  }));
  // Units compare as kilos or units: 50 kg of tomatoes is 50, not 50,000.
  const amountOf = (line: (typeof sold)[number], key: "units" | "revenuePaise") =>
    key === "units" ? line.units / pricedPer(line.unit) : line.revenuePaise;
  const top = (key: "units" | "revenuePaise", other: "units" | "revenuePaise") =>
    [...sold]
      .sort(
        (a, b) =>
          amountOf(b, key) - amountOf(a, key) ||
          amountOf(b, other) - amountOf(a, other) ||
          a.name.localeCompare(b.name),
      )
      .slice(0, TOP_PRODUCTS);
  return {
    from,
    to,
    orders,
    revenuePaise,
    averageOrderPaise: averageOrderPaise(revenuePaise, orders),
    cancelled,
    cancellationRate: cancellationRate(orders, cancelled),
    delivered,
    deliveredOnTime,
    onTimeRate: ratio(deliveredOnTime, delivered),
    eventOrders,
    eventRevenuePaise,
    paymentMix: PAYMENT_METHODS.map((method) => ({
      method,
      orders: methods.get(method)?.orders ?? 0,
      revenuePaise: methods.get(method)?.revenuePaise ?? 0,
    })),
    cancelReasons: CANCEL_REASONS.map((reason) => ({
      reason,
      orders: reasons.get(reason) ?? 0,
    })),
    topProducts: { byRevenue: top("revenuePaise", "units"), byUnits: top("units", "revenuePaise") },
    stateMinutes: TIMED_STATES.map((state) => {
      const histogram = minutes.get(state) ?? {};
      return {
        state,
        medianMinutes: medianOf(histogram),
        orders: Object.values(histogram).reduce((sum, count) => sum + count, 0),
      };
    }),
  };
}
