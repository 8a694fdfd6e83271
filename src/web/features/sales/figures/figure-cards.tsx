import { AlertTriangle, CalendarHeart, IndianRupee, ReceiptText, Timer } from "lucide-react";
import type { SalesSummary } from "../../../../shared/contracts/sales-figures.ts";
import { FIGURE_PERIODS } from "../../../../shared/contracts/sales-figures.ts";
import { StatCard } from "../../staff/ui/stat-card.tsx";
import {
  FIGURES_TEXT,
  formatCount,
  formatRate,
  formatWholeRupees,
  PERIOD_LABELS,
  WITHIN_PROMISE,
} from "./figures-text.ts";

const orders = (count: number) => `${formatCount(count)} ${count === 1 ? "order" : "orders"}`;

/**
 * Revenue and orders for each period, then the last 30 days' average, on-time and cancellation
 * rates, and the event orders among them.
 */
export function FigureCards({ summary }: { summary: SalesSummary }) {
  const { last7Days, last30Days } = summary.periods;
  return (
    <div className="space-y-3 sm:space-y-4">
      <ul
        aria-label="Revenue and orders"
        className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4"
      >
        {FIGURE_PERIODS.map((period) => {
          const figures = summary.periods[period];
          return (
            <StatCard
              key={period}
              testId={`sales-figure-${period}`}
              label={`Revenue ${PERIOD_LABELS[period].toLowerCase()}`}
              value={formatWholeRupees(figures.revenuePaise)}
              detail={orders(figures.orders)}
              icon={<IndianRupee className="h-5 w-5" />}
              tone={period === "today" ? "green" : "neutral"}
            />
          );
        })}
      </ul>
      <ul
        aria-label="The last 30 days"
        className="grid gap-3 sm:grid-cols-2 sm:gap-4 lg:grid-cols-4"
      >
        <StatCard
          testId="sales-figure-average"
          label="Average order, 30 days"
          value={
            last30Days.averageOrderPaise === null
              ? "–"
              : formatWholeRupees(last30Days.averageOrderPaise)
          }
          detail={
            last7Days.averageOrderPaise === null
              ? "No orders in the last 7 days"
              : `${formatWholeRupees(last7Days.averageOrderPaise)} over the last 7 days`
          }
          icon={<ReceiptText className="h-5 w-5" />}
          tone="saffron"
        />
        <StatCard
          testId="sales-figure-on-time"
          label="Delivered on time, 30 days"
          value={formatRate(last30Days.onTimeRate)}
          detail={
            last30Days.delivered === 0
              ? "Nothing delivered yet"
              : `${formatCount(last30Days.deliveredOnTime)} of ${formatCount(last30Days.delivered)} ${WITHIN_PROMISE}`
          }
          icon={<Timer className="h-5 w-5" />}
          tone="green"
        />
        <StatCard
          testId="sales-figure-cancelled"
          label="Cancelled, 30 days"
          value={formatRate(last30Days.cancellationRate)}
          detail={
            last30Days.orders === 0
              ? FIGURES_TEXT.noOrders
              : `${formatCount(last30Days.cancelled)} of ${orders(last30Days.orders)}`
          }
          icon={<AlertTriangle className="h-5 w-5" />}
          tone="red"
        />
        <StatCard
          testId="sales-figure-events"
          label="Event orders, 30 days"
          value={formatWholeRupees(last30Days.eventRevenuePaise)}
          detail={
            last30Days.eventOrders === 0
              ? "No event orders in the last 30 days"
              : `${orders(last30Days.eventOrders)} of ${orders(last30Days.orders)}`
          }
          icon={<CalendarHeart className="h-5 w-5" />}
          tone="saffron"
        />
      </ul>
    </div>
  );
}

export function FigureCardsSkeleton() {
  return (
    <div
      role="status"
      aria-label={FIGURES_TEXT.loading}
      className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4"
    >
      {Array.from({ length: 7 }, (_, index) => (
        <div
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders with nothing else to tell apart
          key={index}
          aria-hidden="true"
          className="h-28 animate-pulse rounded-2xl bg-white shadow-card"
        />
      ))}
    </div>
  );
}
