import { type ReactNode, useState } from "react";
import { PAYMENT_METHOD_LABELS } from "../../../../shared/contracts/checkout.ts";
import {
  FIGURE_PERIODS,
  type FigurePeriod,
  type PeriodFigures,
  type SalesSummary,
} from "../../../../shared/contracts/sales-figures.ts";
import { formatRupees } from "../../../../shared/money.ts";
import { formatQuantity } from "../../../../shared/rules/measure.ts";
import { CANCEL_REASON_LABELS } from "../../../../shared/rules/order-fulfilment.ts";
import { Panel } from "../../staff/ui/panel.tsx";
import { Segmented } from "../../staff/ui/segmented.tsx";
import {
  formatCount,
  formatDays,
  formatMinutes,
  formatRate,
  PERIOD_SHORT_LABELS,
  STATE_LABELS,
  FIGURES_TEXT as text,
  WITHIN_PROMISE,
} from "./figures-text.ts";

const TH = "py-2 pr-3 text-left font-semibold text-ink-500";
const TH_NUM = "py-2 pl-3 text-right font-semibold text-ink-500";
const TD = "py-2 pr-3 text-left text-ink-900";
const TD_NUM = "py-2 pl-3 text-right tabular-nums text-ink-900";

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <h3 className="text-base font-bold text-ink-900">{title}</h3>
      <div className="mt-2 overflow-x-auto">{children}</div>
    </div>
  );
}

const Empty = ({ children }: { children: ReactNode }) => (
  <p className="rounded-xl bg-cream-50 px-3 py-4 text-sm text-ink-500">{children}</p>
);

/** A thin bar behind a share, for the eye; the number beside it says the same. */
const ShareBar = ({ share }: { share: number }) => (
  <span aria-hidden="true" className="mt-1 block h-1.5 rounded-full bg-cream-200">
    <span
      className="block h-1.5 rounded-full bg-brand-600"
      style={{ width: `${Math.round(share * 100)}%` }}
    />
  </span>
);

type FigureRow = { key: string; head: ReactNode; cells: ReactNode[] };

/** A breakdown's table: a name per row, then numbers; the caption names it for screen readers. */
function FigureTable({
  caption,
  columns: [first, ...numbers],
  rows,
  testId,
}: {
  caption: string;
  columns: [string, ...string[]];
  rows: FigureRow[];
  testId: string;
}) {
  return (
    <table className="w-full text-sm" data-testid={testId}>
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr className="border-b border-cream-200">
          <th scope="col" className={TH}>
            {first}
          </th>
          {numbers.map((column) => (
            <th key={column} scope="col" className={TH_NUM}>
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key} className="border-b border-cream-100 last:border-0">
            <th scope="row" className={`${TD} font-normal`}>
              {row.head}
            </th>
            {row.cells.map((cell, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a row's cells are its columns, in order
              <td key={index} className={TD_NUM}>
                {cell}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function PaymentMix({ figures }: { figures: PeriodFigures }) {
  const used = figures.paymentMix.filter((entry) => entry.orders > 0);
  if (used.length === 0) return <Empty>{text.noOrders}</Empty>;
  return (
    <FigureTable
      caption={text.paymentMix}
      testId="sales-payment-mix"
      columns={[text.columns.method, text.columns.orders, text.columns.revenue]}
      rows={used.map((entry) => {
        const share = entry.orders / figures.orders;
        return {
          key: entry.method,
          head: (
            <>
              {PAYMENT_METHOD_LABELS[entry.method]}
              <ShareBar share={share} />
            </>
          ),
          cells: [
            <>
              {formatCount(entry.orders)}{" "}
              <span className="text-ink-500">({formatRate(share)})</span>
            </>,
            formatRupees(entry.revenuePaise),
          ],
        };
      })}
    />
  );
}

function Cancellations({ figures }: { figures: PeriodFigures }) {
  if (figures.orders === 0) return <Empty>{text.noOrders}</Empty>;
  return (
    <div className="space-y-2">
      <p className="text-sm text-ink-700" data-testid="sales-cancellation-rate">
        <span className="font-display text-xl font-bold text-ink-900">
          {formatRate(figures.cancellationRate)}
        </span>{" "}
        of orders: {formatCount(figures.cancelled)} of {formatCount(figures.orders)}
      </p>
      {figures.cancelled === 0 ? (
        <Empty>{text.noCancellations}</Empty>
      ) : (
        <FigureTable
          caption="Cancellations by reason"
          testId="sales-cancel-reasons"
          columns={[text.columns.reason, text.columns.orders]}
          rows={figures.cancelReasons.map((entry) => ({
            key: entry.reason,
            head: CANCEL_REASON_LABELS[entry.reason],
            cells: [formatCount(entry.orders)],
          }))}
        />
      )}
    </div>
  );
}

function TopProducts({ figures }: { figures: PeriodFigures }) {
  const [rank, setRank] = useState<"byRevenue" | "byUnits">("byRevenue");
  const products = figures.topProducts[rank];
  return (
    <div className="space-y-2">
      <Segmented
        label={text.topSwitch}
        value={rank}
        onChange={setRank}
        testId="sales-top-switch"
        options={[
          { value: "byRevenue", label: text.byRevenue },
          { value: "byUnits", label: text.byUnits },
        ]}
      />
      {products.length === 0 ? (
        <Empty>{text.noSales}</Empty>
      ) : (
        <FigureTable
          caption={`${text.topProducts} by ${rank === "byRevenue" ? "revenue" : "units"}`}
          testId="sales-top-products"
          columns={[text.columns.product, text.columns.units, text.columns.revenue]}
          rows={products.map((product, index) => ({
            key: product.productId,
            head: (
              <>
                <span className="mr-1.5 text-ink-500">{index + 1}.</span>
                {product.name}
              </>
            ),
            cells: [
              formatQuantity(product.units, product.unit),
              formatRupees(product.revenuePaise),
            ],
          }))}
        />
      )}
    </div>
  );
}

function StateTimes({ figures }: { figures: PeriodFigures }) {
  if (figures.stateMinutes.every((entry) => entry.orders === 0)) {
    return <Empty>{text.noStateTimes}</Empty>;
  }
  return (
    <div className="space-y-2">
      <FigureTable
        caption={text.stateTimes}
        testId="sales-state-times"
        columns={[text.columns.state, text.columns.median, text.columns.counted]}
        rows={figures.stateMinutes.map((entry) => ({
          key: entry.state,
          head: STATE_LABELS[entry.state],
          cells: [formatMinutes(entry.medianMinutes), formatCount(entry.orders)],
        }))}
      />
      <p className="text-xs text-ink-500">
        {text.stateTimesNote} On time:{" "}
        {figures.delivered === 0
          ? "nothing delivered"
          : `${formatRate(figures.onTimeRate)} of ${formatCount(figures.delivered)} delivered ${WITHIN_PROMISE}`}
        .
      </p>
    </div>
  );
}

/** The payment mix, cancellations, best sellers and time in each state, for a period of choice. */
export function PeriodBreakdowns({ summary }: { summary: SalesSummary }) {
  const [period, setPeriod] = useState<FigurePeriod>("last30Days");
  const figures = summary.periods[period];
  return (
    <Panel
      title={text.breakdownHeading}
      description={formatDays(figures.from, figures.to)}
      testId="sales-breakdowns"
      actions={
        <Segmented
          label={text.periodSwitch}
          value={period}
          onChange={setPeriod}
          testId="sales-period-switch"
          options={FIGURE_PERIODS.map((value) => ({ value, label: PERIOD_SHORT_LABELS[value] }))}
        />
      }
    >
      <div className="grid gap-6 md:grid-cols-2">
        <Section title={text.paymentMix}>
          <PaymentMix figures={figures} />
        </Section>
        <Section title={text.cancellations}>
          <Cancellations figures={figures} />
        </Section>
        <Section title={text.topProducts}>
          <TopProducts figures={figures} />
        </Section>
        <Section title={text.stateTimes}>
          <StateTimes figures={figures} />
        </Section>
      </div>
    </Panel>
  );
}
