import {
  AlertTriangle,
  ChevronDown,
  CircleSlash,
  IndianRupee,
  PackageCheck,
  ShoppingBasket,
  TrendingUp,
} from "lucide-react";
import { useId, useState } from "react";
import type { InventorySummary } from "../../../../shared/contracts/inventory.ts";
import { LoadError } from "../../../components/ui/query-state.tsx";
import { cn } from "../../../lib/cn.ts";
import { StatCard } from "../../staff/ui/stat-card.tsx";
import { useInventorySummary } from "../api/summary.ts";
import { INVENTORY_TEXT } from "../texts.ts";

const count = new Intl.NumberFormat("en-IN");

const FIGURES_TEXT = INVENTORY_TEXT.figures;

// Whole rupees: a stock value is a figure to glance at, and paise would not fit a phone's card.
const wholeRupees = new Intl.NumberFormat("en-IN", {
  style: "currency",
  currency: "INR",
  maximumFractionDigits: 0,
});
const rupees = (paise: number) => wholeRupees.format(Math.round(paise / 100));

const percent = new Intl.NumberFormat("en-IN", { style: "percent", maximumFractionDigits: 1 });

/** Takings less what the units sold cost, lot by lot, over the last 7 India days. */
function MarginCard({ margin }: { margin: InventorySummary["margin"] }) {
  const text = INVENTORY_TEXT.margin;
  const earned = margin.revenuePaise - margin.costPaise;
  return (
    <StatCard
      testId="figure-margin"
      label={text.label}
      value={rupees(earned)}
      detail={
        <>
          {margin.revenuePaise > 0
            ? text.share(percent.format(earned / margin.revenuePaise), rupees(margin.revenuePaise))
            : text.noSales}
          {margin.uncostedUnits > 0 && (
            <span className="mt-0.5 block text-saffron-800">
              {text.uncosted(count.format(margin.uncostedUnits))}
            </span>
          )}
        </>
      }
      icon={<TrendingUp className="h-5 w-5" />}
      tone="green"
    />
  );
}

export function SummaryFigures({ lowOnly, onShowLow }: { lowOnly: boolean; onShowLow(): void }) {
  const summary = useInventorySummary();
  if (summary.isPending) return <FiguresSkeleton />;
  if (summary.isError && !summary.data)
    return <LoadError error={summary.error} onRetry={() => summary.refetch()} />;
  return <Figures data={summary.data} lowOnly={lowOnly} onShowLow={onShowLow} />;
}

function Figures({
  data,
  lowOnly,
  onShowLow,
}: {
  data: InventorySummary;
  lowOnly: boolean;
  onShowLow(): void;
}) {
  const { products, stockValue, unitsSold, margin } = data;
  // On a phone the figures are one line that opens, so the products come first to hand.
  const [open, setOpen] = useState(false);
  const listId = useId();
  return (
    <div>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen(!open)}
        className="flex w-full items-center gap-3 rounded-2xl bg-white px-4 py-3 text-left shadow-card md:hidden"
      >
        <span className="min-w-0 flex-1 text-sm">
          <span className="block font-semibold text-ink-900">{FIGURES_TEXT.heading}</span>
          <span className="block text-ink-500">
            {FIGURES_TEXT.line(
              count.format(products.inStock),
              count.format(products.low),
              count.format(products.outOfStock),
            )}
          </span>
        </span>
        <ChevronDown
          aria-hidden="true"
          className={cn("h-5 w-5 shrink-0 text-ink-500 transition-transform", open && "rotate-180")}
        />
      </button>
      <ul
        id={listId}
        aria-label="Today's figures"
        className={cn(
          "grid-cols-2 gap-3 sm:gap-4 md:grid lg:grid-cols-4",
          open ? "mt-3 grid md:mt-0" : "hidden",
        )}
      >
        <StatCard
          testId="figure-in-stock"
          label="In stock"
          value={count.format(products.inStock)}
          detail={`of ${count.format(products.active)} on sale`}
          icon={<PackageCheck className="h-5 w-5" />}
          tone="green"
        />
        <StatCard
          testId="figure-low"
          label="Low stock"
          value={count.format(products.low)}
          detail={lowOnly ? "Showing only these" : "Show them in the table"}
          icon={<AlertTriangle className="h-5 w-5" />}
          tone="saffron"
          onClick={onShowLow}
          pressed={lowOnly}
        />
        <StatCard
          testId="figure-out"
          label="Out of stock"
          value={count.format(products.outOfStock)}
          detail={
            products.archived ? `${count.format(products.archived)} archived` : "None archived"
          }
          icon={<CircleSlash className="h-5 w-5" />}
          tone="red"
        />
        <StatCard
          testId="figure-value"
          label="Stock value at price"
          value={rupees(stockValue.atPricePaise)}
          detail="Before GST"
          icon={<IndianRupee className="h-5 w-5" />}
          tone="green"
        />
        <StatCard
          testId="figure-cost"
          label="Stock value at cost"
          value={rupees(stockValue.atCostPaise)}
          detail={
            stockValue.uncostedUnits > 0
              ? `${count.format(stockValue.uncostedUnits)} units have no recorded cost`
              : "Every unit has a cost"
          }
          icon={<IndianRupee className="h-5 w-5" />}
          tone="neutral"
        />
        <MarginCard margin={margin} />
        <StatCard
          testId="figure-sold"
          label="Units sold today"
          value={count.format(unitsSold.today)}
          detail={`${count.format(unitsSold.last7Days)} in the last 7 days`}
          icon={<ShoppingBasket className="h-5 w-5" />}
          tone="saffron"
        />
      </ul>
    </div>
  );
}

function FiguresSkeleton() {
  return (
    <div
      role="status"
      aria-label="Loading today's figures"
      className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4"
    >
      {/* A phone draws the figures as one line. */}
      <div
        aria-hidden="true"
        className="col-span-2 h-16 animate-pulse rounded-2xl bg-white shadow-card md:hidden"
      />
      {Array.from({ length: 7 }, (_, index) => (
        <div
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders with nothing else to tell apart
          key={index}
          aria-hidden="true"
          className="hidden h-28 animate-pulse rounded-2xl bg-white shadow-card md:block"
        />
      ))}
    </div>
  );
}
