import { Boxes, PackageSearch, Pencil } from "lucide-react";
import { CATEGORY_NAMES } from "../../../../shared/catalogue.ts";
import type { InventoryProductRow } from "../../../../shared/contracts/inventory.ts";
import { formatRupees } from "../../../../shared/money.ts";
import { formatHarvestDay } from "../../../../shared/rules/harvest-date.ts";
import { formatQuantity } from "../../../../shared/rules/measure.ts";
import { Badge } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { cn } from "../../../lib/cn.ts";
import { coverText, StockStatus } from "./stock-status.tsx";

type Actions = {
  onEdit(product: InventoryProductRow): void;
  onStock(product: InventoryProductRow): void;
};

const rowTone = (product: InventoryProductRow) =>
  product.archived
    ? "bg-cream-100 text-ink-500"
    : product.outOfStock
      ? "bg-red-50"
      : product.low
        ? "bg-saffron-400/10"
        : "bg-white";

function Thumb({ product }: { product: InventoryProductRow }) {
  return (
    <img
      src={product.image}
      alt=""
      width={48}
      height={36}
      loading="lazy"
      className="h-9 w-12 shrink-0 rounded-lg bg-cream-200 object-cover"
    />
  );
}

function NameCell({ product }: { product: InventoryProductRow }) {
  return (
    <span className="flex items-center gap-3">
      <Thumb product={product} />
      <span className="min-w-0">
        <span className="block font-semibold text-ink-900">{product.name}</span>
        <span className="block text-xs text-ink-500">
          {CATEGORY_NAMES[product.category]} · {product.id}
          {product.archived && (
            <Badge tone="neutral" className="ml-2">
              Archived
            </Badge>
          )}
        </span>
      </span>
    </span>
  );
}

function RowActions({ product, onEdit, onStock }: { product: InventoryProductRow } & Actions) {
  return (
    <span className="flex justify-end gap-2">
      <Button variant="outline" size="sm" onClick={() => onStock(product)} data-shortcut-open>
        <Boxes aria-hidden="true" className="h-4 w-4" /> Stock
        <span className="sr-only"> of {product.name}</span>
      </Button>
      <Button variant="ghost" size="sm" onClick={() => onEdit(product)}>
        <Pencil aria-hidden="true" className="h-4 w-4" /> Edit
        <span className="sr-only"> {product.name}</span>
      </Button>
    </span>
  );
}

export function ProductTable({
  products,
  ...actions
}: { products: InventoryProductRow[] } & Actions) {
  if (products.length === 0) {
    return (
      <div className="flex flex-col items-center gap-2 rounded-2xl bg-white p-10 text-center shadow-card">
        <PackageSearch aria-hidden="true" className="h-10 w-10 text-brand-500" />
        <p className="font-semibold text-ink-900">No products match.</p>
        <p className="text-sm text-ink-500">
          Try another search or category, or clear the filters.
        </p>
      </div>
    );
  }
  return (
    <>
      {/* Phones: one card per product. */}
      <ul className="space-y-3 md:hidden" aria-label="Products">
        {products.map((product) => (
          <li
            key={product.id}
            data-testid="inventory-row"
            data-shortcut-row={product.id}
            className={cn("rounded-2xl p-4 shadow-card", rowTone(product))}
          >
            <NameCell product={product} />
            <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
              <div>
                <dt className="text-xs text-ink-500">Stock</dt>
                <dd>
                  <StockStatus product={product} />
                </dd>
              </div>
              <div>
                <dt className="text-xs text-ink-500">Price</dt>
                <dd className="font-semibold">
                  {formatRupees(product.pricePaise)} / {product.unit}
                </dd>
              </div>
              <div>
                <dt className="text-xs text-ink-500">Days of cover</dt>
                <dd>{coverText(product.daysOfCover)}</dd>
              </div>
              <div>
                <dt className="text-xs text-ink-500">Sold in 7 days</dt>
                <dd>{formatQuantity(product.soldLast7Days, product.unit)}</dd>
              </div>
            </dl>
            <div className="mt-3 border-t border-cream-200 pt-3">
              <RowActions product={product} {...actions} />
            </div>
          </li>
        ))}
      </ul>

      {/* Wider screens: the table, scrolling sideways inside its card if it must. */}
      <div className="hidden overflow-x-auto rounded-2xl bg-white shadow-card md:block">
        <table className="w-full min-w-[56rem] text-left text-sm">
          <caption className="sr-only">Products with their stock, sales and days of cover</caption>
          <thead className="border-b border-cream-200 bg-cream-50 text-xs uppercase tracking-wide text-ink-500">
            <tr>
              <th scope="col" className="px-4 py-3 font-semibold">
                Product
              </th>
              <th scope="col" className="px-4 py-3 text-right font-semibold">
                Price
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                Stock
              </th>
              <th scope="col" className="px-4 py-3 text-right font-semibold">
                Low at
              </th>
              <th scope="col" className="px-4 py-3 text-right font-semibold">
                Sold (7 days)
              </th>
              <th scope="col" className="px-4 py-3 text-right font-semibold">
                Days of cover
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                Harvested
              </th>
              <th scope="col" className="px-4 py-3 text-right font-semibold">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-cream-200">
            {products.map((product) => (
              <tr
                key={product.id}
                data-testid="inventory-row"
                data-shortcut-row={product.id}
                className={rowTone(product)}
              >
                <th scope="row" className="px-4 py-3 font-normal">
                  <NameCell product={product} />
                </th>
                <td className="whitespace-nowrap px-4 py-3 text-right tabular-nums">
                  {formatRupees(product.pricePaise)}
                  <span className="text-xs text-ink-500"> / {product.unit}</span>
                </td>
                <td className="px-4 py-3">
                  <StockStatus product={product} />
                </td>
                <td className="whitespace-nowrap px-4 py-3 text-right tabular-nums">
                  {formatQuantity(product.lowStockThreshold, product.unit)}
                </td>
                <td className="whitespace-nowrap px-4 py-3 text-right tabular-nums">
                  {formatQuantity(product.soldLast7Days, product.unit)}
                </td>
                <td
                  className={cn(
                    "whitespace-nowrap px-4 py-3 text-right tabular-nums",
                    product.daysOfCover !== null &&
                      product.daysOfCover < 2 &&
                      "font-semibold text-red-700",
                  )}
                >
                  {coverText(product.daysOfCover)}
                </td>
                <td className="whitespace-nowrap px-4 py-3 text-ink-700">
                  {product.harvestedOn ? formatHarvestDay(product.harvestedOn) : "—"}
                </td>
                <td className="px-4 py-3">
                  <RowActions product={product} {...actions} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

export function ProductTableSkeleton() {
  return (
    <div
      role="status"
      aria-label="Loading products"
      className="space-y-2 rounded-2xl bg-white p-4 shadow-card"
    >
      {Array.from({ length: 6 }, (_, index) => (
        <div
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders with nothing else to tell apart
          key={index}
          aria-hidden="true"
          className="h-12 animate-pulse rounded-xl bg-cream-200"
        />
      ))}
    </div>
  );
}
