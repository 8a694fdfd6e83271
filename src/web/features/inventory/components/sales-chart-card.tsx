import { lazy, Suspense } from "react";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { useInventorySummary } from "../api/summary.ts";

const DashboardSalesChart = lazy(() => import("./dashboard-sales-chart.tsx"));

const count = new Intl.NumberFormat("en-IN");

/** Units sold per India day: the chart for the eye, and the same numbers as a list for a screen reader. */
export function SalesChartCard() {
  const summary = useInventorySummary();
  const daily = summary.data?.daily ?? [];
  const total = daily.reduce((sum, day) => sum + day.units, 0);
  return (
    <section
      aria-labelledby="sales-chart-heading"
      className="rounded-2xl bg-white p-4 shadow-card sm:p-6"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="sales-chart-heading" className="font-display text-xl font-bold text-ink-900">
          Units sold per day
        </h2>
        {summary.data && (
          <p className="text-sm text-ink-500">
            {count.format(total)} units in the last {daily.length} days (India time)
          </p>
        )}
      </div>
      <div className={total === 0 ? "mt-4 h-24" : "mt-4 h-56 sm:h-64"}>
        {summary.isPending ? (
          <div className="flex h-full items-center justify-center">
            <Spinner label="Loading the chart" />
          </div>
        ) : summary.isError && !summary.data ? (
          <p className="flex h-full items-center justify-center text-sm text-ink-500">
            The chart could not be loaded.
          </p>
        ) : total === 0 ? (
          <p className="flex h-full items-center justify-center text-sm text-ink-500">
            No sales in the last {daily.length} days yet.
          </p>
        ) : (
          <Suspense
            fallback={
              <div className="flex h-full items-center justify-center">
                <Spinner label="Loading the chart" />
              </div>
            }
          >
            {/* The list below says the same to a screen reader. */}
            <div aria-hidden="true" className="h-full">
              <DashboardSalesChart daily={daily} />
            </div>
          </Suspense>
        )}
      </div>
      {daily.length > 0 && (
        <ul className="sr-only">
          {daily.map((day) => (
            <li key={day.day}>
              {day.day}: {day.units} units
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
