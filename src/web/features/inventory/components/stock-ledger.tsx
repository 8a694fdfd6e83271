import { History } from "lucide-react";
import type { StockMovement } from "../../../../shared/contracts/inventory.ts";
import { formatIndiaDay } from "../../../../shared/rules/harvest-date.ts";
import {
  STOCK_MOVEMENT_LABELS,
  WRITE_OFF_REASON_LABELS,
} from "../../../../shared/rules/stock-movement.ts";
import { DateTime } from "../../../components/date-time.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { LoadError } from "../../../components/ui/query-state.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { cn } from "../../../lib/cn.ts";
import { useStockLedger } from "../api/movements.ts";
import { INVENTORY_TEXT } from "../texts.ts";

function details(movement: StockMovement, unit: string): string {
  const parts: string[] = [];
  if (movement.reason) parts.push(WRITE_OFF_REASON_LABELS[movement.reason]);
  if (movement.supplier) parts.push(`from ${movement.supplier}`);
  if (movement.harvestedOn) parts.push(`harvested ${formatIndiaDay(movement.harvestedOn)}`);
  if (movement.bestBefore)
    parts.push(INVENTORY_TEXT.lots.bestBefore(formatIndiaDay(movement.bestBefore)));
  if (movement.unitCostPaise !== null)
    parts.push(INVENTORY_TEXT.ledger.unitCost(movement.unitCostPaise, unit));
  if (movement.orderNumber) parts.push(`order ${movement.orderNumber}`);
  if (movement.note) parts.push(`“${movement.note}”`);
  return parts.join(" · ");
}

/** Every change to one product's stock, newest first, older pages on request. */
export function StockLedger({ productId, unit }: { productId: string; unit: string }) {
  const ledger = useStockLedger(productId);
  const movements = ledger.data?.pages.flatMap((page) => page.movements) ?? [];
  return (
    <section aria-labelledby="ledger-heading" className="space-y-3">
      <h3 id="ledger-heading" className="flex items-center gap-2 font-semibold text-ink-900">
        <History aria-hidden="true" className="h-4 w-4 text-brand-600" /> Stock ledger
      </h3>
      {ledger.isPending ? (
        <div className="flex justify-center py-8">
          <Spinner label="Loading the ledger" />
        </div>
      ) : ledger.isError && movements.length === 0 ? (
        <LoadError error={ledger.error} onRetry={() => ledger.refetch()} />
      ) : movements.length === 0 ? (
        <p className="rounded-2xl bg-white p-4 text-sm text-ink-500">
          No stock movements yet. Receive stock to start the ledger.
        </p>
      ) : (
        <>
          <ol
            className="divide-y divide-cream-200 overflow-hidden rounded-2xl bg-white"
            data-testid="stock-ledger"
          >
            {movements.map((movement) => (
              <li
                key={movement.id}
                className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1 px-4 py-3 text-sm"
              >
                <div className="min-w-0 flex-1">
                  <p className="font-semibold text-ink-900">
                    {STOCK_MOVEMENT_LABELS[movement.kind]}
                  </p>
                  {details(movement, unit) && (
                    <p className="text-ink-700">{details(movement, unit)}</p>
                  )}
                  <p className="text-xs text-ink-500">
                    <DateTime iso={movement.createdAt} />
                    {movement.staffName ? ` · ${movement.staffName}` : " · The shop"}
                  </p>
                </div>
                <div className="text-right">
                  <p
                    className={cn(
                      "font-bold tabular-nums",
                      movement.quantity > 0
                        ? "text-brand-700"
                        : movement.quantity < 0
                          ? "text-red-700"
                          : "text-ink-700",
                    )}
                  >
                    {INVENTORY_TEXT.ledger.change(movement.quantity, unit)}
                  </p>
                  <p className="text-xs text-ink-500">
                    {INVENTORY_TEXT.ledger.left(movement.stockAfter, unit)}
                  </p>
                </div>
              </li>
            ))}
          </ol>
          {ledger.hasNextPage && (
            <div className="flex justify-center">
              <Button
                variant="outline"
                size="sm"
                onClick={() => ledger.fetchNextPage()}
                disabled={ledger.isFetchingNextPage}
              >
                {ledger.isFetchingNextPage ? "Loading…" : "Load more"}
              </Button>
            </div>
          )}
        </>
      )}
    </section>
  );
}
