// Every word and number format of the sales figures, in one place.
import type { FigurePeriod, TimedState } from "../../../../shared/contracts/sales-figures.ts";
import { formatIndiaDay } from "../../../../shared/rules/harvest-date.ts";
import { ORDER_COUNT_RULE } from "../../../../shared/rules/order-count.ts";
import { PROMISED_MINUTES } from "../../../../shared/rules/order-fulfilment.ts";

/** The delivery promise as the on-time figures name it. */
export const WITHIN_PROMISE = `within ${PROMISED_MINUTES} minutes`;

export const PERIOD_LABELS: Record<FigurePeriod, string> = {
  today: "Today",
  yesterday: "Yesterday",
  last7Days: "Last 7 days",
  last30Days: "Last 30 days",
};

/** The same on the period switch, where room is short. */
export const PERIOD_SHORT_LABELS: Record<FigurePeriod, string> = {
  today: "Today",
  yesterday: "Yesterday",
  last7Days: "7 days",
  last30Days: "30 days",
};

/** Each state's wait, named for what the order waits for. */
export const STATE_LABELS: Record<TimedState, string> = {
  placed: "Placed, waiting to be confirmed",
  confirmed: "Confirmed, waiting to be packed",
  packed: "Packed, waiting to leave",
  out_for_delivery: "Out for delivery, until delivered",
};

export const FIGURES_TEXT = {
  heading: "Sales at a glance",
  intro: `${ORDER_COUNT_RULE} Figures update by themselves.`,
  loading: "Loading the sales figures",
  breakdownHeading: "Where the orders came from and how they went",
  periodSwitch: "Show figures for",
  noOrders: "No orders in this period yet.",
  paymentMix: "Payment methods",
  cancellations: "Cancellations",
  noCancellations: "No order was cancelled.",
  topProducts: "Best sellers",
  topSwitch: "Rank best sellers by",
  byRevenue: "Revenue",
  byUnits: "Units",
  noSales: "Nothing sold yet.",
  stateTimes: "Time in each state (median)",
  stateTimesNote: "Whole minutes from each state to the next, over the orders that moved on.",
  noStateTimes: "No order has moved on yet.",
  revenueChart: "Revenue per day",
  asTable: (chart: string) => `${chart} as a table`,
  rangeSwitch: "Days shown",
  range: (days: number) => `${days} days`,
  hourlyChart: "Orders by hour today",
  noChartOrders: (days: number) => `No orders in the last ${days} days yet.`,
  noOrdersToday: "No orders today yet.",
  chartLoading: "Loading the chart",
  exportHeading: "Export orders",
  exportIntro:
    "Every order placed from the first day to the last (India days), up to a year, as a CSV file: one row per order, or one per line with what was packed and refunded.",
  exportFrom: "First day",
  exportTo: "Last day",
  exportButton: "Export orders CSV",
  exportLinesButton: "Export order lines CSV",
  columns: {
    method: "Method",
    orders: "Orders",
    share: "Share",
    revenue: "Revenue",
    reason: "Reason",
    product: "Product",
    units: "Quantity",
    state: "State",
    median: "Median",
    counted: "Orders",
    day: "Day",
    hour: "Hour",
  },
} as const;

const count = new Intl.NumberFormat("en-IN");
const percent = new Intl.NumberFormat("en-IN", { style: "percent", maximumFractionDigits: 1 });
const wholeRupees = new Intl.NumberFormat("en-IN", {
  style: "currency",
  currency: "INR",
  maximumFractionDigits: 0,
});

export const formatCount = (value: number) => count.format(value);
/** A rate (0.25) as "25%"; "–" when there was nothing to divide by. */
export const formatRate = (value: number | null) => (value === null ? "–" : percent.format(value));
/** Whole rupees: a figure to glance at (tables show paise). */
export const formatWholeRupees = (paise: number) => wholeRupees.format(Math.round(paise / 100));

/** "4.5 min", "1 h 05 min", "a day or more"; "–" without a median. */
export function formatMinutes(minutes: number | null): string {
  if (minutes === null) return "–";
  if (minutes >= 1440) return "a day or more";
  if (minutes < 60) return `${Number.isInteger(minutes) ? minutes : minutes.toFixed(1)} min`;
  const whole = Math.round(minutes);
  return `${Math.floor(whole / 60)} h ${String(whole % 60).padStart(2, "0")} min`;
}

/** "24 Nov 2026" for a day; "24 Nov 2026 to 30 Nov 2026" for a span. */
export const formatDays = (from: string, to: string) =>
  from === to ? formatIndiaDay(from) : `${formatIndiaDay(from)} to ${formatIndiaDay(to)}`;

/** "09:00–10:00" for an hour of the day. */
export const formatHour = (hour: number) =>
  `${String(hour).padStart(2, "0")}:00–${String((hour + 1) % 24).padStart(2, "0")}:00`;
