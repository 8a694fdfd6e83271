import { type ReactNode, useState } from "react";
import { PAYMENT_METHOD_LABELS } from "../../../../shared/contracts/checkout.ts";
import {
  FIGURE_PERIODS,
  type FigurePeriod,
  type PeriodFigures,
  type SalesSummary,
} from "../../../../shared/contracts/sales-figures.ts";
import { formatRupees } from "../../../../shared/money.ts";
import { CANCEL_REASON_LABELS } from "../../../../shared/rules/order-fulfilment.ts";
import { Panel } from "../../staff/panel.tsx";
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
import { Segmented } from "./segmented.tsx";

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

function PaymentMix({ figures }: { figures: PeriodFigures }) {
  const used = figures.paymentMix.filter((entry) => entry.orders > 0);
  if (used.length === 0) return <Empty>{text.noOrders}</Empty>;
  return (
    <table className="w-full text-sm" data-testid="sales-payment-mix">
      <caption className="sr-only">{text.paymentMix}</caption>
      <thead>
        <tr className="border-b border-cream-200">
          <th scope="col" className={TH}>
            {text.columns.method}
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
        {used.map((entry) => {
          const share = entry.orders / figures.orders;
          return (
            <tr key={entry.method} className="border-b border-cream-100 last:border-0">
              <th scope="row" className={`${TD} font-normal`}>
                {PAYMENT_METHOD_LABELS[entry.method]}
                <ShareBar share={share} />
              </th>
              <td className={TD_NUM}>
                {formatCount(entry.orders)}{" "}
                <span className="text-ink-500">({formatRate(share)})</span>
              </td>
              <td className={TD_NUM}>{formatRupees(entry.revenuePaise)}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
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
        <table className="w-full text-sm" data-testid="sales-cancel-reasons">
          <caption className="sr-only">Cancellations by reason</caption>
          <thead>
            <tr className="border-b border-cream-200">
              <th scope="col" className={TH}>
                {text.columns.reason}
              </th>
              <th scope="col" className={TH_NUM}>
                {text.columns.orders}
              </th>
            </tr>
          </thead>
          <tbody>
            {figures.cancelReasons.map((entry) => (
              <tr key={entry.reason} className="border-b border-cream-100 last:border-0">
                <th scope="row" className={`${TD} font-normal`}>
                  {CANCEL_REASON_LABELS[entry.reason]}
                </th>
                <td className={TD_NUM}>{formatCount(entry.orders)}</td>
              </tr>
            ))}
          </tbody>
        </table>
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
        <table className="w-full text-sm" data-testid="sales-top-products">
          <caption className="sr-only">
            {text.topProducts} by {rank === "byRevenue" ? "revenue" : "units"}
          </caption>
          <thead>
            <tr className="border-b border-cream-200">
              <th scope="col" className={TH}>
                {text.columns.product}
              </th>
              <th scope="col" className={TH_NUM}>
                {text.columns.units}
              </th>
              <th scope="col" className={TH_NUM}>
                {text.columns.revenue}
              </th>
            </tr>
          </thead>
          <tbody>
            {products.map((product, index) => (
              <tr key={product.productId} className="border-b border-cream-100 last:border-0">
                <th scope="row" className={`${TD} font-normal`}>
                  <span className="mr-1.5 text-ink-500">{index + 1}.</span>
                  {product.name}
                </th>
                <td className={TD_NUM}>{formatCount(product.units)}</td>
                <td className={TD_NUM}>{formatRupees(product.revenuePaise)}</td>
              </tr>
            ))}
          </tbody>
        </table>
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
      <table className="w-full text-sm" data-testid="sales-state-times">
        <caption className="sr-only">{text.stateTimes}</caption>
        <thead>
          <tr className="border-b border-cream-200">
            <th scope="col" className={TH}>
              {text.columns.state}
            </th>
            <th scope="col" className={TH_NUM}>
              {text.columns.median}
            </th>
            <th scope="col" className={TH_NUM}>
              {text.columns.counted}
            </th>
          </tr>
        </thead>
        <tbody>
          {figures.stateMinutes.map((entry) => (
            <tr key={entry.state} className="border-b border-cream-100 last:border-0">
              <th scope="row" className={`${TD} font-normal`}>
                {STATE_LABELS[entry.state]}
              </th>
              <td className={TD_NUM}>{formatMinutes(entry.medianMinutes)}</td>
              <td className={TD_NUM}>{formatCount(entry.orders)}</td>
            </tr>
          ))}
        </tbody>
      </table>
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
