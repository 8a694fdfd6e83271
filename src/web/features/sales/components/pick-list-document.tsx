import { ClipboardCheck } from "lucide-react";
import type { PickList } from "../../../../shared/contracts/sales.ts";
import { ORDER_STATUS_LABELS } from "../../../../shared/rules/order-status.ts";
import { formatShopDateTime } from "../../../../shared/rules/shop-time.ts";
import { LoadError } from "../../../components/ui/query-state.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { usePickList } from "../api/pick-list.ts";
import { SALES_TEXT } from "../texts.ts";
import { useSalesLive } from "../use-sales-live.ts";
import { PickListStates, statesText, usePickListStates } from "./pick-list-states.tsx";
import { TickBox } from "./print-sheet.tsx";

const text = SALES_TEXT.print;
type Product = PickList["products"][number];

const ordersOf = (product: Product) =>
  product.orders
    .map((order) =>
      text.orderShare(
        order.orderNumber,
        order.quantity,
        product.unit,
        ORDER_STATUS_LABELS[order.status],
      ),
    )
    .join(", ");

/** Which lots to take the units from, oldest first, as the orders took them. */
function TakeFrom({ product, className }: { product: Product; className?: string }) {
  if (product.lots.length === 0) return null;
  return (
    <ul className={className}>
      {product.lots.map((lot, index) => (
        // A lot is named by its label; two lots may share one (same farm, same day).
        // biome-ignore lint/suspicious/noArrayIndexKey: the list is drawn whole, never reordered
        <li key={index} className="text-sm text-ink-700">
          {text.takeFrom(lot.label, lot.quantity, product.unit)}
        </li>
      ))}
    </ul>
  );
}

/** Where the picker finds it, when the shop has said. */
function Shelf({ product }: { product: Product }) {
  if (!product.shelfLocation) return null;
  return (
    <span className="block text-xs font-normal text-ink-700">
      {text.shelf(product.shelfLocation)}
    </span>
  );
}

function PickCards({ products }: { products: Product[] }) {
  return (
    <ul className="space-y-3 md:hidden print:hidden">
      {products.map((product) => (
        <li key={product.productId} className="rounded-xl border border-cream-200 p-3">
          <p className="flex items-baseline justify-between gap-3">
            <span className="font-semibold">
              {product.name}
              <Shelf product={product} />
            </span>
            <span className="whitespace-nowrap font-bold tabular-nums">
              {text.total(product.totalUnits, product.unit)}
            </span>
          </p>
          <p className="mt-1 text-sm text-ink-700">{ordersOf(product)}</p>
          <TakeFrom
            product={product}
            className="mt-1.5 space-y-0.5 border-t border-cream-200 pt-1.5"
          />
        </li>
      ))}
    </ul>
  );
}

function PickTable({ products }: { products: Product[] }) {
  const th = "border-b-2 border-ink-900 px-2 py-2 font-semibold";
  return (
    <table className="hidden w-full text-sm md:table print:table">
      <caption className="sr-only">{text.pickListTitle}</caption>
      <thead>
        <tr>
          <th scope="col" className={`${th} text-left`}>
            {text.product}
          </th>
          <th scope="col" className={`${th} text-right`}>
            {text.totalUnits}
          </th>
          <th scope="col" className={`${th} text-left`}>
            {text.orders}
          </th>
          <th scope="col" className={`${th} text-center`}>
            {text.picked}
          </th>
        </tr>
      </thead>
      {products.map((product) => (
        // One body per product, so its lots' line stays with it on a printed page.
        <tbody key={product.productId} className="break-inside-avoid border-b border-cream-200">
          <tr>
            <th scope="row" className="px-2 py-2.5 text-left font-semibold">
              {product.name}
              <Shelf product={product} />
            </th>
            <td className="whitespace-nowrap px-2 py-2.5 text-right font-bold tabular-nums">
              {text.total(product.totalUnits, product.unit)}
            </td>
            <td className="px-2 py-2.5 text-ink-700">{ordersOf(product)}</td>
            <td className="px-2 py-2.5 text-center">
              <TickBox />
            </td>
          </tr>
          {product.lots.length > 0 && (
            <tr>
              <td colSpan={4} className="px-2 pb-2.5">
                <TakeFrom product={product} className="space-y-0.5" />
              </td>
            </tr>
          )}
        </tbody>
      ))}
    </table>
  );
}

/** The lines of the placed and confirmed orders the packer chose, by product, for one round. */
export function PickListDocument() {
  useSalesLive();
  const [statuses, choose] = usePickListStates();
  const list = usePickList(statuses);
  const includes = statesText(statuses, "and");
  return (
    <>
      <header className="mb-5 border-b border-cream-200 pb-4">
        <h2 className="font-display text-2xl font-bold">{text.pickListTitle}</h2>
        <PickListStates statuses={statuses} onChange={choose} />
        <p className="mt-1 text-sm font-semibold text-ink-700">
          {text.pickListIncludes(includes.charAt(0).toUpperCase() + includes.slice(1))}
        </p>
        {list.data && (
          <p className="mt-1 text-sm text-ink-500">
            {text.pickListSummary(
              list.data.orderCount,
              list.data.products.length,
              formatShopDateTime(list.data.generatedAt),
            )}
          </p>
        )}
      </header>
      {list.isPending ? (
        <div className="flex justify-center py-12">
          <Spinner label={text.pickListLoading} />
        </div>
      ) : !list.data ? (
        <LoadError error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.products.length === 0 ? (
        <div className="flex flex-col items-center gap-2 py-10 text-center">
          <ClipboardCheck aria-hidden="true" className="h-10 w-10 text-brand-500" />
          <p className="font-semibold">{text.pickListEmpty(statesText(statuses, "or"))}</p>
          <p className="text-sm text-ink-500">{text.pickListEmptyHint}</p>
        </div>
      ) : (
        <>
          <PickCards products={list.data.products} />
          <PickTable products={list.data.products} />
        </>
      )}
    </>
  );
}
