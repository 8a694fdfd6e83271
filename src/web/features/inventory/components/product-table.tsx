import { Boxes, PackageSearch, Pencil } from "lucide-react";
import { useEffect, useRef } from "react";
import { CATEGORY_NAMES } from "../../../../shared/catalogue.ts";
import type { InventoryProductRow } from "../../../../shared/contracts/inventory.ts";
import { formatRupees } from "../../../../shared/money.ts";
import { formatHarvestDay } from "../../../../shared/rules/harvest-date.ts";
import { formatQuantity } from "../../../../shared/rules/measure.ts";
import { Badge } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { cn } from "../../../lib/cn.ts";
import { INVENTORY_TEXT } from "../texts.ts";
import { coverText, StockStatus } from "./stock-status.tsx";

type Actions = {
  onEdit(product: InventoryProductRow): void;
  onStock(product: InventoryProductRow): void;
};

/** Which rows are ticked for a bulk action; the table shows only what is ticked and visible. */
export type Selection = {
  selected: ReadonlySet<string>;
  onSelect(id: string, selected: boolean): void;
  onSelectAll(selected: boolean): void;
};

const BOX = "h-5 w-5 shrink-0 cursor-pointer accent-brand-600";

/** A row's tick box, with a finger-sized target around the box. */
function SelectBox({ product, selected, onSelect }: { product: InventoryProductRow } & Selection) {
  return (
    <label className="-m-2 flex shrink-0 cursor-pointer p-2">
      <input
        type="checkbox"
        className={BOX}
        aria-label={INVENTORY_TEXT.bulk.select(product.name)}
        checked={selected.has(product.id)}
        onChange={(event) => onSelect(product.id, event.target.checked)}
      />
    </label>
  );
}

/** Ticks every row shown (the filters' result), half-ticked when some are. */
function SelectAllBox({
  products,
  selected,
  onSelectAll,
}: { products: InventoryProductRow[] } & Selection) {
  const ref = useRef<HTMLInputElement>(null);
  const ticked = products.filter((product) => selected.has(product.id)).length;
  const some = ticked > 0 && ticked < products.length;
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = some;
  }, [some]);
  return (
    <label className="-m-2 flex shrink-0 cursor-pointer p-2">
      <input
        ref={ref}
        type="checkbox"
        className={BOX}
        aria-label={INVENTORY_TEXT.bulk.selectAll(products.length)}
        checked={ticked > 0 && ticked === products.length}
        onChange={(event) => onSelectAll(event.target.checked)}
      />
    </label>
  );
}

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
  selection,
  ...actions
}: { products: InventoryProductRow[]; selection: Selection } & Actions) {
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
      {/* Phones: one compact row per product, the figures that need room stay on wider screens. */}
      <div className="overflow-hidden rounded-2xl bg-white shadow-card md:hidden">
        <div className="flex items-center gap-3 border-b border-cream-200 bg-cream-50 px-3 py-2 text-xs font-semibold uppercase tracking-wide text-ink-500">
          <SelectAllBox products={products} {...selection} />
          <span aria-hidden="true">{INVENTORY_TEXT.bulk.selectAllShort}</span>
        </div>
        <ul className="divide-y divide-cream-200" aria-label="Products">
          {products.map((product) => (
            <li
              key={product.id}
              data-testid="inventory-row"
              data-shortcut-row={product.id}
              className={cn("flex items-center gap-3 px-3 py-2.5", rowTone(product))}
            >
              <SelectBox product={product} {...selection} />
              <span className="min-w-0 flex-1">
                <span className="flex min-w-0 items-center gap-2">
                  <span className="truncate font-semibold text-ink-900">{product.name}</span>
                  {product.archived && <Badge tone="neutral">Archived</Badge>}
                </span>
                <span className="mt-0.5 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-ink-700">
                  <StockStatus product={product} />
                  <span className="whitespace-nowrap tabular-nums">
                    {formatRupees(product.pricePaise)} / {product.unit}
                  </span>
                </span>
              </span>
              <Button
                variant="outline"
                size="sm"
                data-shortcut-open
                onClick={() => actions.onStock(product)}
              >
                <Boxes aria-hidden="true" className="h-4 w-4" /> Stock
                <span className="sr-only"> of {product.name}</span>
              </Button>
              {/* The product's other actions (edit, photo, archive) are in its dialog. */}
              <Button variant="ghost" size="icon" onClick={() => actions.onEdit(product)}>
                <Pencil aria-hidden="true" className="h-4 w-4" />
                <span className="sr-only">Edit {product.name}</span>
              </Button>
            </li>
          ))}
        </ul>
      </div>

      {/* Wider screens: the table, scrolling sideways inside its card if it must. */}
      <div className="hidden overflow-x-auto rounded-2xl bg-white shadow-card md:block">
        <table className="w-full min-w-[58rem] text-left text-sm">
          <caption className="sr-only">Products with their stock, sales and days of cover</caption>
          <thead className="border-b border-cream-200 bg-cream-50 text-xs uppercase tracking-wide text-ink-500">
            <tr>
              <th scope="col" className="px-4 py-3 font-semibold">
                {/* The tick boxes sit in the name's cell: the figures keep their columns. */}
                <span className="flex items-center gap-4">
                  <SelectAllBox products={products} {...selection} />
                  Product
                </span>
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
                  <span className="flex items-center gap-4">
                    <SelectBox product={product} {...selection} />
                    <NameCell product={product} />
                  </span>
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
