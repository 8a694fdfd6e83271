import { Layers } from "lucide-react";
import { useId } from "react";
import type { StockLot } from "../../../../shared/contracts/inventory.ts";
import { formatIndiaDay } from "../../../../shared/rules/harvest-date.ts";
import { Badge } from "../../../components/ui/badge.tsx";
import { LoadError } from "../../../components/ui/query-state.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { cn } from "../../../lib/cn.ts";
import { useStockLots } from "../api/lots.ts";
import { INVENTORY_TEXT } from "../texts.ts";

const text = INVENTORY_TEXT.lots;

function facts(lot: StockLot, unit: string): string {
  const parts = [
    text.remaining(lot.remaining, lot.received, unit),
    lot.unitCostPaise === null ? text.noCost : text.unitCost(lot.unitCostPaise, unit),
  ];
  if (lot.bestBefore) parts.push(text.bestBefore(formatIndiaDay(lot.bestBefore)));
  return parts.join(" · ");
}

/** The product's lots with stock left, oldest first: the order sales take them in. */
export function StockLots({ productId, unit }: { productId: string; unit: string }) {
  const headingId = useId();
  const lots = useStockLots(productId);
  const list = lots.data?.lots ?? [];
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <div>
        <h3 id={headingId} className="flex items-center gap-2 font-semibold text-ink-900">
          <Layers aria-hidden="true" className="h-4 w-4 text-brand-600" /> {text.heading}
        </h3>
        <p className="mt-0.5 text-xs text-ink-500">{text.intro}</p>
      </div>
      {lots.isPending ? (
        <div className="flex justify-center py-6">
          <Spinner label={text.loading} />
        </div>
      ) : lots.isError && !lots.data ? (
        <LoadError error={lots.error} onRetry={() => void lots.refetch()} />
      ) : list.length === 0 ? (
        <p className="rounded-2xl bg-white p-4 text-sm text-ink-500">{text.empty}</p>
      ) : (
        <ol
          className="divide-y divide-cream-200 overflow-hidden rounded-2xl bg-white"
          data-testid="stock-lots"
        >
          {list.map((lot) => (
            <li
              key={lot.id}
              className={cn("px-4 py-3 text-sm", lot.expired && "bg-red-50")}
              data-testid="stock-lot"
            >
              <p className="flex flex-wrap items-center gap-x-2 gap-y-1 font-semibold text-ink-900">
                <span className="min-w-0 break-words">{lot.label}</span>
                {lot.expired ? (
                  <Badge tone="red">{text.pastBestBefore}</Badge>
                ) : lot.checkedAt ? (
                  <Badge tone="neutral">{text.checked}</Badge>
                ) : null}
              </p>
              <p className="text-ink-700">{facts(lot, unit)}</p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
