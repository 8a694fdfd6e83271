import { CATEGORY_NAMES } from "../../../../shared/catalogue.ts";
import { formatHarvestDay } from "../../../../shared/rules/harvest-date.ts";
import { formatQuantity } from "../../../../shared/rules/measure.ts";
import { LoadError } from "../../../components/ui/query-state.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { useInventoryProduct } from "../api/products.ts";
import { Dialog } from "./dialog.tsx";
import { MovementForm } from "./movement-form.tsx";
import { StockLedger } from "./stock-ledger.tsx";
import { StockLots } from "./stock-lots.tsx";
import { coverText, StockStatus } from "./stock-status.tsx";

/**
 * One product's stock: where it stands, the lots it is made of, a movement to record, and the
 * ledger of every change.
 */
export function StockDialog({
  productId,
  onClose,
}: {
  productId: string | undefined;
  onClose(): void;
}) {
  const product = useInventoryProduct(productId);
  const data = product.data;
  return (
    <Dialog
      open={Boolean(productId)}
      onOpenChange={(open) => !open && onClose()}
      title={data ? `Stock of ${data.name}` : "Stock"}
      description="Stock changes only through recorded movements; each one is kept in the ledger."
      wide
    >
      {product.isPending ? (
        <div className="flex justify-center py-16">
          <Spinner label="Loading the product" />
        </div>
      ) : product.isError && !data ? (
        <LoadError error={product.error} onRetry={() => product.refetch()} />
      ) : data ? (
        <div className="space-y-6">
          <div className="rounded-2xl bg-white p-4">
            <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
              <div>
                <dt className="text-xs text-ink-500">In stock</dt>
                <dd data-testid="stock-now">
                  <StockStatus product={data} />
                </dd>
              </div>
              <div>
                <dt className="text-xs text-ink-500">Low at</dt>
                <dd className="font-semibold">
                  {formatQuantity(data.lowStockThreshold, data.unit)}
                </dd>
              </div>
              <div>
                <dt className="text-xs text-ink-500">Days of cover</dt>
                <dd className="font-semibold">{coverText(data.daysOfCover)}</dd>
              </div>
              <div>
                <dt className="text-xs text-ink-500">Harvested</dt>
                <dd className="font-semibold">
                  {data.harvestedOn ? formatHarvestDay(data.harvestedOn) : "—"}
                </dd>
              </div>
            </dl>
            <p className="mt-3 text-xs text-ink-500">
              {CATEGORY_NAMES[data.category]} · {data.id}
              {data.archived && " · Archived: not in the shop"}
            </p>
          </div>
          <StockLots productId={data.id} unit={data.unit} />
          <MovementForm product={data} />
          <StockLedger productId={data.id} unit={data.unit} />
        </div>
      ) : null}
    </Dialog>
  );
}
