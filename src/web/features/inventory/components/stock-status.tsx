import type { InventoryProductRow } from "../../../../shared/contracts/inventory.ts";
import { Badge } from "../../../components/ui/badge.tsx";

const count = new Intl.NumberFormat("en-IN");

/** The stock and how it stands against the product's own threshold. */
export function StockStatus({ product }: { product: InventoryProductRow }) {
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <span className="font-bold tabular-nums text-ink-900">{count.format(product.stock)}</span>
      <span className="text-xs text-ink-500">{product.unit}</span>
      {product.outOfStock ? (
        <Badge tone="red">Out of stock</Badge>
      ) : product.low ? (
        <Badge tone="saffron">Low</Badge>
      ) : null}
    </span>
  );
}

/** "4.5 days", or a dash with no sales to measure against. */
export function coverText(days: number | null): string {
  if (days === null) return "No sales";
  if (days < 1) return "Under a day";
  return `${days.toLocaleString("en-IN", { maximumFractionDigits: 1 })} days`;
}
