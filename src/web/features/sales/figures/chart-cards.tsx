import { lazy, type ReactNode, Suspense } from "react";
import {
  CHART_RANGES,
  type ChartRange,
  type SalesSummary,
} from "../../../../shared/contracts/sales-figures.ts";
import { formatRupees } from "../../../../shared/money.ts";
import { formatIndiaDay } from "../../../../shared/rules/harvest-date.ts";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { Panel } from "../../staff/ui/panel.tsx";
import { Segmented } from "../../staff/ui/segmented.tsx";
import { formatCount, formatHour, FIGURES_TEXT as text } from "./figures-text.ts";

// One chunk for both charts, fetched when the first one draws.
const FiguresChart = lazy(() => import("./figures-charts.tsx"));

const TH = "py-1.5 pr-3 text-left font-semibold text-ink-500";
const TH_NUM = "py-1.5 pl-3 text-right font-semibold text-ink-500";

/** The chart for the eye (hidden from screen readers) or a sentence when there is nothing to draw. */
function ChartFrame({
  empty,
  emptyText,
  children,
}: {
  empty: boolean;
  emptyText: string;
  children: ReactNode;
}) {
  if (empty) {
    return (
      <p className="flex h-24 items-center justify-center text-sm text-ink-500">{emptyText}</p>
    );
  }
  return (
    <div className="h-56 sm:h-64">
      <Suspense
        fallback={
          <div className="flex h-full items-center justify-center">
            <Spinner label={text.chartLoading} />
          </div>
        }
      >
        {/* The table below says the same to a screen reader. */}
        <div aria-hidden="true" className="h-full">
          {children}
        </div>
      </Suspense>
    </div>
  );
}

/** The numbers behind a chart, for screen readers (and anyone who opens them). */
type ChartRow = { key: string | number; label: string; orders: number; revenuePaise: number };

function ChartTable({
  summary,
  caption,
  firstColumn,
  rows,
}: {
  summary: string;
  caption: string;
  firstColumn: string;
  rows: ChartRow[];
}) {
  return (
    <details className="mt-3 text-sm">
      <summary className="cursor-pointer text-ink-500 hover:text-brand-700">{summary}</summary>
      <div className="mt-2 max-h-72 overflow-auto">
        <table className="w-full">
          <caption className="sr-only">{caption}</caption>
          <thead>
            <tr>
              <th scope="col" className={TH}>
                {firstColumn}
              </th>
              <th scope="col" className={TH_NUM}>
                {text.columns.orders}
              </th>
              <th scope="col" className={TH_NUM}>
                {text.columns.revenue}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key}>
                <th scope="row" className="py-1 pr-3 text-left font-normal">
                  {row.label}
                </th>
                <td className="py-1 pl-3 text-right tabular-nums">{formatCount(row.orders)}</td>
                <td className="py-1 pl-3 text-right tabular-nums">
                  {formatRupees(row.revenuePaise)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}

export function RevenueChartCard({
  summary,
  range,
  onRange,
  updating,
}: {
  summary: SalesSummary;
  range: ChartRange;
  onRange(range: ChartRange): void;
  updating: boolean;
}) {
  const daily = summary.daily;
  const revenue = daily.reduce((sum, day) => sum + day.revenuePaise, 0);
  const orders = daily.reduce((sum, day) => sum + day.orders, 0);
  return (
    <Panel
      title={text.revenueChart}
      testId="sales-revenue-chart"
      description={`${formatRupees(revenue)} from ${formatCount(orders)} orders in the last ${daily.length} days (India time)${updating ? " · updating…" : ""}`}
      actions={
        <Segmented
          label={text.rangeSwitch}
          value={range}
          onChange={onRange}
          testId="sales-range-switch"
          options={CHART_RANGES.map((value) => ({ value, label: text.range(value) }))}
        />
      }
    >
      <ChartFrame empty={orders === 0} emptyText={text.noChartOrders(daily.length)}>
        <FiguresChart kind="revenue" daily={daily} />
      </ChartFrame>
      {orders > 0 && (
        <ChartTable
          summary={text.asTable(text.revenueChart)}
          caption={text.revenueChart}
          firstColumn={text.columns.day}
          rows={[...daily].reverse().map((day) => ({
            key: day.day,
            label: formatIndiaDay(day.day),
            orders: day.orders,
            revenuePaise: day.revenuePaise,
          }))}
        />
      )}
    </Panel>
  );
}

export function HourlyChartCard({ summary }: { summary: SalesSummary }) {
  const hours = summary.hourly;
  const orders = hours.reduce((sum, hour) => sum + hour.orders, 0);
  return (
    <Panel
      title={text.hourlyChart}
      testId="sales-hourly-chart"
      description={`${formatCount(orders)} ${orders === 1 ? "order" : "orders"} on ${formatIndiaDay(summary.today)} (India time)`}
    >
      <ChartFrame empty={orders === 0} emptyText={text.noOrdersToday}>
        <FiguresChart kind="hourly" hourly={hours} />
      </ChartFrame>
      {orders > 0 && (
        <ChartTable
          summary={text.asTable(text.hourlyChart)}
          caption={text.hourlyChart}
          firstColumn={text.columns.hour}
          rows={hours
            .filter((hour) => hour.orders > 0)
            .map((hour) => ({
              key: hour.hour,
              label: formatHour(hour.hour),
              orders: hour.orders,
              revenuePaise: hour.revenuePaise,
            }))}
        />
      )}
    </Panel>
  );
}
