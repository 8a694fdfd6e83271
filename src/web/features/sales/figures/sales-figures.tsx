// The sales manager's figures, above the order board: revenue and orders by period, the last 30
// days' rates, a breakdown for a period of choice, the charts (a chunk of their own) and the
// orders export. They refresh whenever an order is placed or moves.
import { useState } from "react";
import type { ChartRange } from "../../../../shared/contracts/sales-figures.ts";
import { LoadError } from "../../../components/ui/query-state.tsx";
import { useStaffEvents } from "../../staff/api/staff-events.ts";
import { SALES_FIGURES_LIVE_KEYS, useSalesSummary } from "./api/sales-figures.ts";
import { HourlyChartCard, RevenueChartCard } from "./chart-cards.tsx";
import { FigureCards, FigureCardsSkeleton } from "./figure-cards.tsx";
import { FIGURES_TEXT as text } from "./figures-text.ts";
import { OrdersCsvForm } from "./orders-csv-form.tsx";
import { PeriodBreakdowns } from "./period-breakdowns.tsx";

export function SalesFigures() {
  useStaffEvents(SALES_FIGURES_LIVE_KEYS);
  const [range, setRange] = useState<ChartRange>(30);
  const summary = useSalesSummary(range);
  const data = summary.data;

  return (
    <section
      aria-labelledby="sales-figures-heading"
      className="space-y-6"
      data-testid="sales-figures"
    >
      <div>
        <h2
          id="sales-figures-heading"
          className="font-display text-2xl font-bold text-ink-900 sm:text-3xl"
        >
          {text.heading}
        </h2>
        <p className="mt-1 text-sm text-ink-500">{text.intro}</p>
      </div>
      {summary.isPending ? (
        <FigureCardsSkeleton />
      ) : !data ? (
        <LoadError error={summary.error} onRetry={() => void summary.refetch()} />
      ) : (
        <>
          <FigureCards summary={data} />
          <div className="grid gap-6 xl:grid-cols-2">
            <RevenueChartCard
              summary={data}
              range={range}
              onRange={setRange}
              updating={summary.isPlaceholderData}
            />
            <HourlyChartCard summary={data} />
          </div>
          <PeriodBreakdowns summary={data} />
          <OrdersCsvForm today={data.today} />
        </>
      )}
    </section>
  );
}
