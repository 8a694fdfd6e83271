import type { ReactNode } from "react";
import type { BulkOrderView } from "../../../../shared/contracts/bulk-orders.ts";
import { BULK_STATUS_LABELS, eventTypeText } from "../../../../shared/rules/bulk-order-status.ts";
import { formatCalendarDate } from "../../../../shared/rules/shop-time.ts";
import { DateTime } from "../../../components/date-time.tsx";
import { Badge } from "../../../components/ui/badge.tsx";
import { COMMON_TEXTS } from "../../../lib/common-texts.ts";
import { useLingui } from "../../../lib/i18n/react-binding.tsx";
import { QuoteTable } from "../ui/quote-table.tsx";

const STATUS_TONES: Record<BulkOrderView["status"], "green" | "neutral" | "red"> = {
  awaiting_review: "neutral",
  awaiting_payment: "neutral",
  advance_paid: "green",
  confirmed: "green",
  delivered: "green",
  cancelled: "red",
};

/** "+919876543210" reads as "+91 98765 43210". */
const phoneText = (phone: string) => phone.replace(/^\+91(\d{5})(\d{5})$/, "+91 $1 $2");

function Row({ term, children, wide }: { term: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? "sm:col-span-2" : undefined}>
      <dt className="text-ink-500">{term}</dt>
      <dd className="mt-0.5 font-semibold break-words text-ink-900">{children}</dd>
    </div>
  );
}

/** What was asked for, as the requester typed it (always as text, never as markup). */
export function BulkRequestSummary({ view }: { view: BulkOrderView }) {
  const { i18n } = useLingui();
  return (
    <section
      aria-labelledby="bulk-details-title"
      className="rounded-3xl bg-white p-6 shadow-card sm:p-8"
    >
      <h2 id="bulk-details-title" className="text-xl font-bold text-ink-900">
        {i18n._("Request Details")}
      </h2>
      <dl className="mt-5 grid gap-4 text-sm sm:grid-cols-2">
        <Row term={i18n._("Ticket ID")}>
          <span data-testid="bulk-ticket-id">{view.ticketId}</span>
        </Row>
        <Row term={i18n._(COMMON_TEXTS.status)}>
          <Badge tone={STATUS_TONES[view.status]}>
            <span data-testid="bulk-status">{i18n._(BULK_STATUS_LABELS[view.status])}</span>
          </Badge>
        </Row>
        <Row term={i18n._(COMMON_TEXTS.name)}>{view.name}</Row>
        <Row term={i18n._(COMMON_TEXTS.email)}>{view.email}</Row>
        <Row term={i18n._(COMMON_TEXTS.phone)}>{phoneText(view.phone)}</Row>
        <Row term={i18n._("Event type")}>
          <span className="capitalize" data-testid="bulk-event-type">
            {i18n._(eventTypeText(view.eventType))}
          </span>
        </Row>
        <Row term={i18n._("Delivery date")}>{formatCalendarDate(view.deliveryDate)}</Row>
        <Row term={i18n._("Submitted")}>
          <DateTime iso={view.submittedAt} />
        </Row>
        <Row term={i18n._("Delivery location")} wide>
          <span className="whitespace-pre-line">{view.location}</span>
        </Row>
        {view.codRequested && (
          <Row term={i18n._("Cash on delivery")} wide>
            {view.codApproved ? i18n._("Approved") : i18n._("Requested, subject to approval")}
          </Row>
        )}
        <Row term={i18n._("Products requested")} wide>
          <span className="block whitespace-pre-line font-normal" data-testid="bulk-products">
            {view.products}
          </span>
        </Row>
      </dl>
      {view.quote && (
        <div className="mt-6" data-testid="bulk-quote-lines">
          <QuoteTable
            quote={view.quote}
            caption={i18n._("Your quote")}
            withPayments={view.status === "awaiting_payment"}
          />
          {view.quoteNotes && (
            <p className="mt-3 whitespace-pre-line rounded-xl bg-cream-100 p-3 text-sm text-ink-900">
              {view.quoteNotes}
            </p>
          )}
        </div>
      )}
    </section>
  );
}
