import {
  AlertTriangle,
  CircleSlash,
  IndianRupee,
  PackageCheck,
  ShoppingBasket,
} from "lucide-react";
import type { ReactNode } from "react";
import type { InventorySummary } from "../../../../shared/contracts/inventory.ts";
import { LoadError } from "../../../components/ui/query-state.tsx";
import { cn } from "../../../lib/cn.ts";
import { useInventorySummary } from "../api/summary.ts";

const count = new Intl.NumberFormat("en-IN");

// Whole rupees: a stock value is a figure to glance at, and paise would not fit a phone's card.
const wholeRupees = new Intl.NumberFormat("en-IN", {
  style: "currency",
  currency: "INR",
  maximumFractionDigits: 0,
});
const rupees = (paise: number) => wholeRupees.format(Math.round(paise / 100));

const TONES = {
  green: "bg-brand-100 text-brand-700",
  saffron: "bg-saffron-400/25 text-saffron-600",
  red: "bg-red-100 text-red-700",
  neutral: "bg-cream-200 text-ink-700",
} as const;

function Figure({
  label,
  value,
  detail,
  icon,
  tone,
  onClick,
  pressed,
  testId,
}: {
  label: string;
  value: string;
  detail?: ReactNode;
  icon: ReactNode;
  tone: keyof typeof TONES;
  onClick?: () => void;
  pressed?: boolean;
  testId: string;
}) {
  const body = (
    <>
      <span className="flex items-center gap-2.5">
        <span
          aria-hidden="true"
          className={cn(
            "flex h-9 w-9 shrink-0 items-center justify-center rounded-xl",
            TONES[tone],
          )}
        >
          {icon}
        </span>
        <span className="text-sm font-semibold leading-tight text-ink-500">{label}</span>
      </span>{" "}
      <span className="mt-3 block font-display text-2xl font-bold tabular-nums text-ink-900 sm:text-3xl">
        {value}
      </span>{" "}
      {detail && <span className="mt-1 block text-xs text-ink-500">{detail}</span>}
    </>
  );
  const frame = "block h-full w-full rounded-2xl bg-white p-4 text-left shadow-card sm:p-5";
  return (
    <li data-testid={testId}>
      {onClick ? (
        <button
          type="button"
          onClick={onClick}
          aria-pressed={pressed}
          className={cn(
            frame,
            "transition-shadow hover:shadow-lg aria-pressed:ring-2 aria-pressed:ring-saffron-500",
          )}
        >
          {body}
        </button>
      ) : (
        <div className={frame}>{body}</div>
      )}
    </li>
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
  const { products, stockValue, unitsSold } = data;
  return (
    <ul aria-label="Today's figures" className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-3 ">
      <Figure
        testId="figure-in-stock"
        label="In stock"
        value={count.format(products.inStock)}
        detail={`of ${count.format(products.active)} on sale`}
        icon={<PackageCheck className="h-5 w-5" />}
        tone="green"
      />
      <Figure
        testId="figure-low"
        label="Low stock"
        value={count.format(products.low)}
        detail={lowOnly ? "Showing only these" : "Show them in the table"}
        icon={<AlertTriangle className="h-5 w-5" />}
        tone="saffron"
        onClick={onShowLow}
        pressed={lowOnly}
      />
      <Figure
        testId="figure-out"
        label="Out of stock"
        value={count.format(products.outOfStock)}
        detail={products.archived ? `${count.format(products.archived)} archived` : "None archived"}
        icon={<CircleSlash className="h-5 w-5" />}
        tone="red"
      />
      <Figure
        testId="figure-value"
        label="Stock value at price"
        value={rupees(stockValue.atPricePaise)}
        detail="Before GST"
        icon={<IndianRupee className="h-5 w-5" />}
        tone="green"
      />
      <Figure
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
      <Figure
        testId="figure-sold"
        label="Units sold today"
        value={count.format(unitsSold.today)}
        detail={`${count.format(unitsSold.last7Days)} in the last 7 days`}
        icon={<ShoppingBasket className="h-5 w-5" />}
        tone="saffron"
      />
    </ul>
  );
}

function FiguresSkeleton() {
  return (
    <div
      role="status"
      aria-label="Loading today's figures"
      className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-3 "
    >
      {Array.from({ length: 6 }, (_, index) => (
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
