import { Download, FileText } from "lucide-react";
import type { OrderView } from "../../../../shared/contracts/orders.ts";
import { formatRupees } from "../../../../shared/money.ts";
import { DateTime } from "../../../components/date-time.tsx";
import { useLingui } from "../../../lib/i18n/react-binding.tsx";
import { creditNotePdfUrl, creditNoteUrl } from "../api/orders.ts";
import { ORDER_TEXT } from "../texts.ts";

/** The credit notes issued against the order's invoice, each to download; nothing when none. */
export function CreditNoteLinks({
  orderNumber,
  notes,
}: {
  orderNumber: string;
  notes: OrderView["creditNotes"];
}) {
  const { i18n } = useLingui();
  if (notes.length === 0) return null;
  return (
    <div className="mt-6 border-t border-cream-200 pt-4" data-testid="credit-notes">
      <h3 className="font-semibold text-ink-900">{i18n._(ORDER_TEXT.creditNotes)}</h3>
      <p className="text-sm text-ink-500">{i18n._(ORDER_TEXT.creditNotesHint)}</p>
      <ul className="mt-2 space-y-2 text-sm">
        {notes.map((note) => (
          <li key={note.number} className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <a
              href={creditNoteUrl(orderNumber, note.number)}
              download
              className="inline-flex items-center gap-1.5 font-semibold text-brand-700 hover:underline"
            >
              <FileText aria-hidden="true" className="h-4 w-4" />
              {i18n._(ORDER_TEXT.creditNote, { number: note.number })}
            </a>
            <a
              href={creditNotePdfUrl(orderNumber, note.number)}
              download
              className="inline-flex items-center gap-1.5 font-semibold text-brand-700 hover:underline"
            >
              <Download aria-hidden="true" className="h-4 w-4" />
              {i18n._(ORDER_TEXT.downloadPdf)}
              <span className="sr-only">
                {" "}
                {i18n._(ORDER_TEXT.pdfOfCreditNote, { number: note.number })}
              </span>
            </a>
            <span className="tabular-nums">{formatRupees(note.totalPaise)}</span>
            <span className="text-ink-500">
              <DateTime iso={note.issuedAt} />
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
