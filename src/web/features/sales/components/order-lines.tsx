import type { SalesOrder } from "../../../../shared/contracts/sales.ts";
import { formatRupees } from "../../../../shared/money.ts";
import { SALES_TEXT } from "../texts.ts";
import { DetailSection } from "./detail-section.tsx";
import { PackedNote } from "./packed-line.tsx";

const text = SALES_TEXT.detail;

/**
 * The lines as they will be supplied and charged, one packed otherwise than ordered saying what
 * was ordered and packed, then totals.
 */
export function OrderLines({ order }: { order: SalesOrder }) {
  return (
    <DetailSection title={text.items}>
      <ul className="divide-y divide-cream-200 text-sm">
        {order.lines.map((line) => (
          <li
            key={line.productId}
            data-testid="sales-order-line"
            className="flex items-start justify-between gap-3 py-2.5"
          >
            <span className="min-w-0">
              <span className="font-semibold text-ink-900">{line.name}</span>{" "}
              <span className="whitespace-nowrap text-ink-500">
                {text.times(line.quantity, line.unit)}
              </span>
              <PackedNote line={line} tolerancePercent={order.weightTolerancePercent} />
            </span>
            <span className="whitespace-nowrap font-semibold tabular-nums">
              {formatRupees(line.taxablePaise)}
            </span>
          </li>
        ))}
      </ul>
      <dl className="mt-2 space-y-1 border-t border-cream-200 pt-3 text-sm">
        <div className="flex justify-between">
          <dt className="text-ink-500">{text.subtotal}</dt>
          <dd className="tabular-nums">{formatRupees(order.subtotalPaise)}</dd>
        </div>
        <div className="flex justify-between">
          <dt className="text-ink-500">{text.gst}</dt>
          <dd className="tabular-nums">{formatRupees(order.gstPaise)}</dd>
        </div>
        <div className="flex justify-between">
          <dt className="text-ink-500">{text.deliveryFee}</dt>
          <dd className="tabular-nums">
            {order.deliveryFeePaise === 0 ? text.free : formatRupees(order.deliveryFeePaise)}
          </dd>
        </div>
        <div className="flex justify-between text-base font-bold text-ink-900">
          <dt>{text.total}</dt>
          <dd className="tabular-nums">{formatRupees(order.totalPaise)}</dd>
        </div>
      </dl>
    </DetailSection>
  );
}
