import type { InventoryProductRow } from "../../../../shared/contracts/inventory.ts";
import { formatQuantity } from "../../../../shared/rules/measure.ts";
import { Badge } from "../../../components/ui/badge.tsx";
import { INVENTORY_TEXT } from "../texts.ts";

/** Units on the shelf past their best-before date: counted in the stock, not for sale. */
function PastBestBefore({ units, unit }: { units: number; unit: string }) {
  const detail = INVENTORY_TEXT.table.expiredStock(units, unit);
  return (
    <Badge tone="red" className="whitespace-nowrap">
      <span title={detail}>{INVENTORY_TEXT.table.pastBestBefore}</span>
      <span className="sr-only">: {detail}</span>
    </Badge>
  );
}

/**
 * The stock and how it stands against the product's own threshold, marked when some of it is
 * past its best-before date.
 */
export function StockStatus({ product }: { product: InventoryProductRow }) {
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <span className="font-bold tabular-nums text-ink-900">
        {formatQuantity(product.stock, product.unit)}
      </span>
      {product.outOfStock ? (
        <Badge tone="red">Out of stock</Badge>
      ) : product.low ? (
        <Badge tone="saffron">Low</Badge>
      ) : null}
      {product.expiredStock > 0 && (
        <PastBestBefore units={product.expiredStock} unit={product.unit} />
      )}
    </span>
  );
}

/** "4.5 days", or a dash with no sales to measure against. */
export function coverText(days: number | null): string {
  if (days === null) return "No sales";
  if (days < 1) return "Under a day";
  return `${days.toLocaleString("en-IN", { maximumFractionDigits: 1 })} days`;
}
