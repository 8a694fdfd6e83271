import { Download } from "lucide-react";
import type { SalesOrder } from "../../../../shared/contracts/sales.ts";
import { formatRupees } from "../../../../shared/money.ts";
import type { RefundState } from "../../../../shared/rules/refund-state.ts";
import { formatShopDateTime } from "../../../../shared/rules/shop-time.ts";
import { Badge } from "../../../components/ui/badge.tsx";
import {
  staffCreditNotePdfUrl,
  staffCreditNoteUrl,
  staffInvoicePdfUrl,
  staffInvoiceUrl,
} from "../api/order.ts";
import { SALES_TEXT } from "../texts.ts";
import { DetailSection } from "./detail-section.tsx";

const text = SALES_TEXT.detail;
/** Back: green; on its way: saffron; refused, now or for good: red, for someone to look at. */
const REFUND_TONES = {
  pending: "saffron",
  retrying: "red",
  failed: "red",
  done: "green",
} as const satisfies Record<RefundState, "green" | "saffron" | "red">;
const link = "inline-flex items-center gap-1.5 font-semibold text-brand-700 hover:underline";

/** The GST invoice once issued, credit notes against it, and any refunds with where they stand. */
export function OrderDocuments({ order }: { order: SalesOrder }) {
  return (
    <DetailSection title={text.documents}>
      <div className="space-y-4 text-sm">
        <div>
          <p className="text-xs text-ink-500">{text.invoice}</p>
          {order.invoiceNumber ? (
            <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <span className="font-mono font-semibold">{order.invoiceNumber}</span>
              <a href={staffInvoiceUrl(order.orderNumber)} download className={link}>
                <Download aria-hidden="true" className="h-4 w-4" />
                {text.download}
                <span className="sr-only">{text.invoiceFor(order.invoiceNumber)}</span>
              </a>
              <a href={staffInvoicePdfUrl(order.orderNumber)} download className={link}>
                <Download aria-hidden="true" className="h-4 w-4" />
                {text.downloadPdf}
                <span className="sr-only">{text.invoiceFor(order.invoiceNumber)}</span>
              </a>
            </p>
          ) : (
            <p className="text-ink-700">{text.invoicePending}</p>
          )}
        </div>
        {order.creditNotes.length > 0 && (
          <div>
            <p className="text-xs text-ink-500">{text.creditNotes}</p>
            <ul className="mt-1 space-y-2">
              {order.creditNotes.map((note) => (
                <li key={note.number} data-testid="sales-credit-note">
                  <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
                    <span className="font-mono font-semibold">{note.number}</span>
                    <span className="tabular-nums">{formatRupees(note.totalPaise)}</span>
                    <a
                      href={staffCreditNoteUrl(order.orderNumber, note.number)}
                      download
                      className={link}
                    >
                      <Download aria-hidden="true" className="h-4 w-4" />
                      {text.download}
                      <span className="sr-only">{text.creditNoteFor(note.number)}</span>
                    </a>
                    <a
                      href={staffCreditNotePdfUrl(order.orderNumber, note.number)}
                      download
                      className={link}
                    >
                      <Download aria-hidden="true" className="h-4 w-4" />
                      {text.downloadPdf}
                      <span className="sr-only">{text.creditNoteFor(note.number)}</span>
                    </a>
                  </p>
                  <p className="text-xs text-ink-500">
                    <time dateTime={note.issuedAt}>{formatShopDateTime(note.issuedAt)}</time> ·{" "}
                    {note.reason}
                  </p>
                </li>
              ))}
            </ul>
          </div>
        )}
        {order.refunds.length > 0 && (
          <div>
            <p className="text-xs text-ink-500">{text.refunds}</p>
            <ul className="mt-1 space-y-2">
              {order.refunds.map((refund) => (
                <li key={`${refund.at}-${refund.amountPaise}`} data-testid="sales-refund">
                  <p className="flex flex-wrap items-center gap-2">
                    <span className="font-semibold tabular-nums">
                      {formatRupees(refund.amountPaise)}
                    </span>
                    <Badge tone={REFUND_TONES[refund.state]}>
                      {text.refundState[refund.state]}
                    </Badge>
                  </p>
                  <p className="text-xs text-ink-500">
                    <time dateTime={refund.at}>{formatShopDateTime(refund.at)}</time> ·{" "}
                    {refund.reason}
                  </p>
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>
    </DetailSection>
  );
}
