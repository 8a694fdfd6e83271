import type { SalesOrder } from "../../../../shared/contracts/sales.ts";
import { formatQuantity } from "../../../../shared/rules/measure.ts";
import { PAYMENT_STATUS_LABELS } from "../../../../shared/rules/order-status.ts";
import { formatShopDateTime } from "../../../../shared/rules/shop-time.ts";
import { STORE, STORE_ADDRESS } from "../../../../shared/store-info.ts";
import { BrandMark } from "../../../components/brand-mark.tsx";
import { LoadError } from "../../../components/ui/query-state.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { ApiError } from "../../../lib/api-client.ts";
import { useSalesOrder } from "../api/order.ts";
import { useSeller } from "../api/seller.ts";
import { SALES_TEXT } from "../texts.ts";
import { useSalesLive } from "../use-sales-live.ts";
import { OrderStatusBadge } from "./order-badges.tsx";
import { packedOf, packedText } from "./packed-line.tsx";
import { TickBox } from "./print-sheet.tsx";

const text = SALES_TEXT.print;

function Lines({ order }: { order: SalesOrder }) {
  const th = "border-b-2 border-ink-900 px-2 py-2 font-semibold";
  return (
    <table className="w-full text-sm">
      <caption className="sr-only">{SALES_TEXT.detail.items}</caption>
      <thead>
        <tr>
          <th scope="col" className={`${th} text-left`}>
            {text.product}
          </th>
          <th scope="col" className={`${th} text-right`}>
            {text.quantity}
          </th>
          <th scope="col" className={`${th} text-center`}>
            {text.packedTick}
          </th>
        </tr>
      </thead>
      <tbody>
        {order.lines.map((line) => {
          const packed = packedText(line);
          return (
            <tr key={line.productId} className="break-inside-avoid border-b border-cream-200">
              <th scope="row" className="px-2 py-2.5 text-left font-semibold">
                {line.name}
              </th>
              <td className="px-2 py-2.5 text-right tabular-nums">
                <span className="whitespace-nowrap font-bold">
                  {formatQuantity(packedOf(line), line.unit)}
                </span>
                {packed && <span className="block text-xs text-ink-500">{packed}</span>}
              </td>
              <td className="px-2 py-2.5 text-center">
                <TickBox />
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/**
 * Who the parcel is from, as the shop's invoices name it: its mark, name, address and GSTIN. Until
 * the server's answer comes the shop's public name and address stand in, without a GSTIN.
 */
function FromTheShop() {
  const seller = useSeller().data;
  return (
    <div
      data-testid="slip-seller"
      className="mb-4 flex items-center gap-3 border-b-2 border-ink-900 pb-3"
    >
      <BrandMark className="h-12 w-12 shrink-0 print:h-10 print:w-10" />
      <div className="min-w-0 text-sm">
        <p className="font-display text-lg font-bold leading-tight text-brand-800 print:text-ink-900">
          {seller?.name ?? STORE.name}
        </p>
        <p className="text-ink-700">{seller?.address ?? STORE_ADDRESS}</p>
        {seller && (
          <p className="font-semibold text-ink-900">
            {text.gstin} <span className="font-mono tracking-wide">{seller.gstin}</span>
          </p>
        )}
      </div>
    </div>
  );
}

/**
 * One order's slip from its data, to print alone or beside other orders' slips: the shop's
 * heading, where it goes, what to pack, and whether to collect cash.
 */
export function PackingSlip({ order }: { order: SalesOrder }) {
  const cash = order.payment.method === "cash";
  return (
    <>
      <FromTheShop />
      <header className="flex flex-wrap items-start justify-between gap-3 border-b border-cream-200 pb-4">
        <div>
          <h2 className="font-display text-2xl font-bold">{text.slipTitle(order.orderNumber)}</h2>
          <p className="mt-1 text-sm text-ink-500">
            {text.placed(formatShopDateTime(order.placedAt))}
          </p>
        </div>
        <OrderStatusBadge status={order.status} />
      </header>
      {order.status === "cancelled" && (
        <p
          role="alert"
          className="mt-4 rounded-xl border-2 border-red-700 p-3 font-bold text-red-800"
        >
          {text.cancelled}
        </p>
      )}
      <section className="mt-4 grid gap-4 text-sm sm:grid-cols-2 print:grid-cols-2">
        <div>
          <h3 className="text-xs font-bold uppercase tracking-wide text-ink-500">
            {text.deliverTo}
          </h3>
          <p className="mt-1 text-base font-semibold">{order.customerName}</p>
          <p>
            {order.address}, {order.city}, {order.state}
          </p>
          <p>
            {text.pincode} <span className="font-bold tabular-nums">{order.pincode}</span>
          </p>
          <p>
            {text.phone} <span className="tabular-nums">{order.phone}</span>
          </p>
        </div>
        <div>
          <h3 className="text-xs font-bold uppercase tracking-wide text-ink-500">{text.notes}</h3>
          <p className="mt-1 whitespace-pre-line">{order.notes || text.noNotes}</p>
        </div>
      </section>
      <div className="mt-6">
        <Lines order={order} />
      </div>
      <p className="mt-6 rounded-xl border-2 border-ink-900 p-3 text-center font-bold">
        {cash
          ? text.collect(order.collectPaise)
          : order.payment.status === "paid"
            ? text.prepaid
            : PAYMENT_STATUS_LABELS[order.payment.status]}
      </p>
    </>
  );
}

/** One order's packing slip: where it goes, what to pack, and whether to collect cash. */
export function PackingSlipDocument({ orderNumber }: { orderNumber: string }) {
  useSalesLive();
  const order = useSalesOrder(orderNumber);
  if (order.isPending) {
    return (
      <div className="flex justify-center py-12">
        <Spinner label={text.slipLoading} />
      </div>
    );
  }
  if (!order.data) {
    if (order.error instanceof ApiError && order.error.status === 404) {
      return <p className="py-10 text-center font-semibold">{text.slipNotFound}</p>;
    }
    return <LoadError error={order.error} onRetry={() => void order.refetch()} />;
  }
  return <PackingSlip order={order.data} />;
}
