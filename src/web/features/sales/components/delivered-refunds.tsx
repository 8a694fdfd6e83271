import type { DeliveredRefund } from "../../../../shared/contracts/sales.ts";
import { formatRupees } from "../../../../shared/money.ts";
import {
  CASH_PAID_BACK_LABELS,
  DELIVERED_REFUND_REASON_LABELS,
  RETURNED_GOODS_LABELS,
} from "../../../../shared/rules/delivered-refund.ts";
import { formatShopDateTime } from "../../../../shared/rules/shop-time.ts";
import { SALES_TEXT } from "../texts.ts";
import { DetailSection } from "./detail-section.tsx";

const text = SALES_TEXT.refund;

/** The refunds made of a delivered order: what went back, why, how, by whom, with its credit note. */
export function DeliveredRefunds({ refunds }: { refunds: readonly DeliveredRefund[] }) {
  return (
    <DetailSection title={text.section}>
      <ul className="space-y-3 text-sm">
        {refunds.map((refund) => (
          <li key={refund.creditNoteNumber} data-testid="sales-delivered-refund">
            <p className="flex flex-wrap items-baseline justify-between gap-x-3">
              <span className="font-semibold text-ink-900">
                {formatRupees(refund.totalPaise)} · {DELIVERED_REFUND_REASON_LABELS[refund.reason]}
              </span>
              <span className="font-mono text-xs">{refund.creditNoteNumber}</span>
            </p>
            <ul className="mt-1 text-ink-700">
              {refund.lines.map((line) => (
                <li key={line.productId}>
                  {line.name}:{" "}
                  {line.quantity > 0 ? `${text.quantity(line.quantity, line.unit)}, ` : ""}
                  {formatRupees(line.taxablePaise + line.gstPaise)}
                </li>
              ))}
              {refund.deliveryFeePaise > 0 && (
                <li>
                  {SALES_TEXT.detail.deliveryFee}: {formatRupees(refund.deliveryFeePaise)}
                </li>
              )}
            </ul>
            <p className="text-xs text-ink-500">
              {refund.paidBackBy
                ? text.paidBack(CASH_PAID_BACK_LABELS[refund.paidBackBy])
                : text.throughProvider}
              {refund.lines.some((line) => line.quantity > 0) &&
                ` · ${RETURNED_GOODS_LABELS[refund.goods]}`}
              {" · "}
              {text.by(refund.staffName, formatShopDateTime(refund.at))}
            </p>
            {refund.note && (
              <p className="whitespace-pre-line text-xs text-ink-700">{refund.note}</p>
            )}
          </li>
        ))}
      </ul>
    </DetailSection>
  );
}
