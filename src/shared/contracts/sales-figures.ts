// The sales manager's figures (/api/staff/sales/summary) and the orders export
// (/api/staff/sales/orders.csv). An order counts on the India day it was placed. Money is integer
// paise; rates are fractions (0.25 is 25%), null when there is nothing to divide by.
import { z } from "zod";
import { CANCEL_REASONS } from "../rules/order-fulfilment.ts";
import { isOrderDay } from "../rules/shop-time.ts";
import { PAYMENT_METHODS } from "./checkout.ts";

export const SALES_SUMMARY_PATH = "/api/staff/sales/summary";
export const ORDERS_CSV_PATH = "/api/staff/sales/orders.csv";
export const ORDER_LINES_CSV_PATH = "/api/staff/sales/order-lines.csv";

/** The revenue chart's spans, in India days including today. */
export const CHART_RANGES = [30, 90] as const;
export type ChartRange = (typeof CHART_RANGES)[number];

/** How many products each top list names. */
export const TOP_PRODUCTS = 10;

/** The states an order waits in before delivery, in order; each ends at the next one's time. */
export const TIMED_STATES = ["placed", "confirmed", "packed", "out_for_delivery"] as const;
export type TimedState = (typeof TIMED_STATES)[number];

/** Minutes in a state are counted up to a day; longer waits count as a day. */
export const STATE_MINUTES_CAP = 1440;

export const FIGURE_PERIODS = ["today", "yesterday", "last7Days", "last30Days"] as const;
export type FigurePeriod = (typeof FIGURE_PERIODS)[number];

/** GET summary?range=30|90: the chart's span (the figures always cover today to 30 days). */
export const salesSummaryQuerySchema = z
  .object({
    range: z
      .enum(["30", "90"], { message: "The chart shows 30 or 90 days" })
      .default("30")
      .transform((value) => Number(value) as ChartRange),
  })
  .strict();
export type SalesSummaryQuery = z.input<typeof salesSummaryQuerySchema>;

const count = z.number().int();
const paise = z.number().int();
const rate = z.number().min(0).max(1).nullable();

const productFiguresSchema = z.object({
  productId: z.string(),
  /** The product's name now (order lines keep the name at the time of sale). */
  name: z.string(),
  /** The product's unit now: kg (units are then grams) or a counted unit. */
  unit: z.string(),
  /** Grams or units supplied (after any short-pick or weighing). */
  units: count,
  /** Taxable value of those units, before GST. */
  revenuePaise: paise,
});
export type ProductFigures = z.infer<typeof productFiguresSchema>;

export const periodFiguresSchema = z.object({
  /** First and last India day counted (YYYY-MM-DD, inclusive). */
  from: z.string(),
  to: z.string(),
  /** Orders placed and not cancelled (shared/rules/order-count.ts). */
  orders: count,
  /** What those orders charged, net of short picks and refunds after delivery. */
  revenuePaise: paise,
  /** Revenue per order; null without one. */
  averageOrderPaise: paise.nullable(),
  /** Orders placed and then cancelled, counted apart from `orders`. */
  cancelled: count,
  /** Cancelled / (orders + cancelled). */
  cancellationRate: rate,
  delivered: count,
  /** Delivered within PROMISED_MINUTES (60) of placing. */
  deliveredOnTime: count,
  /** On time / delivered. */
  onTimeRate: rate,
  /** Of `orders`, the event orders (placed from a bulk quote on their day), and their revenue. */
  eventOrders: count,
  eventRevenuePaise: paise,
  /** Every payment method, in the checkout's order: its orders (not cancelled) and revenue. */
  paymentMix: z.array(
    z.object({ method: z.enum(PAYMENT_METHODS), orders: count, revenuePaise: paise }),
  ),
  /** Every cancel reason, in the board's order. */
  cancelReasons: z.array(z.object({ reason: z.enum(CANCEL_REASONS), orders: count })),
  /** The best sellers of orders not cancelled, up to TOP_PRODUCTS each. */
  topProducts: z.object({
    byRevenue: z.array(productFiguresSchema),
    byUnits: z.array(productFiguresSchema),
  }),
  /** Median whole minutes each state lasted, over the orders that left it; null with none. */
  stateMinutes: z.array(
    z.object({ state: z.enum(TIMED_STATES), medianMinutes: z.number().nullable(), orders: count }),
  ),
});
export type PeriodFigures = z.infer<typeof periodFiguresSchema>;

export const salesSummarySchema = z.object({
  /** Today in India (YYYY-MM-DD). */
  today: z.string(),
  /** The last India day read from the rollup; later days were counted live. Null: none yet. */
  rolledUpThrough: z.string().nullable(),
  periods: z.object({
    today: periodFiguresSchema,
    yesterday: periodFiguresSchema,
    last7Days: periodFiguresSchema,
    last30Days: periodFiguresSchema,
  }),
  range: z.union([z.literal(30), z.literal(90)]),
  /** Orders and revenue per India day, oldest first, `range` days including today. */
  daily: z.array(z.object({ day: z.string(), orders: count, revenuePaise: paise })),
  /** Today's orders and revenue per hour (0-23, India time). */
  hourly: z.array(z.object({ hour: count, orders: count, revenuePaise: paise })),
});
export type SalesSummary = z.infer<typeof salesSummarySchema>;

// ---------------------------------------------------------------------------------------------
// The orders export
// ---------------------------------------------------------------------------------------------

/** The longest export: a year, leap day included. */
export const ORDERS_CSV_MAX_DAYS = 366;

export const ORDERS_CSV_MESSAGES = {
  fromInvalid: "The first day must be a date such as 2026-11-24",
  toInvalid: "The last day must be a date such as 2026-11-24",
  reversed: "The first day must not be after the last day",
  tooLong: `Export at most ${ORDERS_CSV_MAX_DAYS} days at a time`,
} as const;

/** Days from `from` to `to` inclusive (both YYYY-MM-DD). */
export function daysInRange(from: string, to: string): number {
  return (
    Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1
  );
}

/** GET orders.csv?from=&to=: India days, inclusive; the form parses the same schema. */
export const ordersCsvQuerySchema = z
  .object({
    from: z
      .string({ message: ORDERS_CSV_MESSAGES.fromInvalid })
      .refine(isOrderDay, ORDERS_CSV_MESSAGES.fromInvalid),
    to: z
      .string({ message: ORDERS_CSV_MESSAGES.toInvalid })
      .refine(isOrderDay, ORDERS_CSV_MESSAGES.toInvalid),
  })
  .strict()
  .refine((query) => query.from <= query.to, {
    message: ORDERS_CSV_MESSAGES.reversed,
    path: ["to"],
  })
  .refine((query) => daysInRange(query.from, query.to) <= ORDERS_CSV_MAX_DAYS, {
    message: ORDERS_CSV_MESSAGES.tooLong,
    path: ["to"],
  });
export type OrdersCsvQuery = z.infer<typeof ordersCsvQuerySchema>;

/** The export's columns: times in India time, money in rupees. */
export const ORDERS_CSV_COLUMNS = [
  "order_number",
  "placed_at_ist",
  "status",
  "payment_method",
  "payment_status",
  "customer_name",
  "phone",
  "email",
  "pincode",
  "units",
  "subtotal",
  "gst",
  "delivery_fee",
  "total",
  "refunded",
  "counted",
  "confirmed_at_ist",
  "packed_at_ist",
  "out_for_delivery_at_ist",
  "delivered_at_ist",
  "cancelled_at_ist",
  "cancel_reason",
  "invoice_number",
] as const;

/**
 * The order-lines export: one row per line of the same orders, with what was ordered and packed,
 * refunds after delivery and the credit notes that credit the line.
 */
export const ORDER_LINES_CSV_COLUMNS = [
  "order_number",
  "placed_at_ist",
  "status",
  "counted",
  "product_id",
  "name",
  "hsn_code",
  "unit",
  "unit_price",
  "gst_rate",
  "ordered",
  "packed",
  "taxable",
  "gst",
  "line_total",
  "refunded_units",
  "refunded",
  "credit_notes",
  "invoice_number",
] as const;
