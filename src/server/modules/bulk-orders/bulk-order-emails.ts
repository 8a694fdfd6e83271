// The mails of a bulk request: the acknowledgement, the quote with the advance due, and the
// receipt. Each links back to the request's confirmation page with its signed token. The request
// form takes any address, so no mail repeats what the requester typed (name, products, location):
// it gives the ticket, the store's own words and figures, and the link to the page that shows the
// request whole (decision 43).
import type { BulkOrderView, QuoteView } from "../../../shared/contracts/bulk-orders.ts";
import { formatRupees } from "../../../shared/money.ts";
import { CHANGE_TEXT, type ChangeMoney } from "../../../shared/rules/bulk-changes.ts";
import {
  ADVANCE_PERCENT,
  BULK_STATUS_LABELS,
  CANCELLATION_FEE_PERCENT,
  eventTypeText,
  FINAL_CHANGES_HOURS,
} from "../../../shared/rules/bulk-order-status.ts";
import { quoteLineText, quoteSummaryRows } from "../../../shared/rules/bulk-quote.ts";
import { eventInSentence } from "../../../shared/rules/event-types.ts";
import { lineAmountPaise } from "../../../shared/rules/measure.ts";
import { formatCalendarDate } from "../../../shared/rules/shop-time.ts";
import type { DetailRow, OutgoingMail } from "../mail/index.ts";
import { letterMail } from "../mail/index.ts";

function requestDetails(view: BulkOrderView): DetailRow[] {
  return [
    ["Ticket ID", view.ticketId],
    ["Status", BULK_STATUS_LABELS[view.status]],
    ["Event type", eventTypeText(view.eventType)],
    ["Delivery date", formatCalendarDate(view.deliveryDate)],
    ["Cash on delivery requested", view.codRequested ? "Yes (subject to approval)" : "No"],
  ];
}

/** A letter about the request: its details in the store's words, and the link to its page. */
function compose(options: {
  view: BulkOrderView;
  link: string;
  subject: string;
  title: string;
  lines: string[];
  highlight?: string[];
  /** A message from the shop quoted whole, e.g. what the quote covers. */
  quote?: { author: string; text: string };
  tables?: { heading: string; rows: DetailRow[] }[];
}): OutgoingMail {
  const { view, link } = options;
  const letter = letterMail({
    subject: options.subject,
    title: options.title,
    greeting: null,
    paragraphs: options.lines,
    highlight: options.highlight,
    ...(options.quote && { quotes: [options.quote] }),
    ...(options.tables && { tables: options.tables }),
    details: { heading: "Your request", rows: requestDetails(view) },
    action: { label: "View your request", href: link },
  });
  return { to: view.email, ...letter };
}

/** The quote line by line in the store's words, as its page shows it. */
function quoteRows(quote: QuoteView): DetailRow[] {
  return [
    ...quote.lines.map(
      (line): DetailRow => [
        quoteLineText(line),
        formatRupees(lineAmountPaise(line.listPricePaise, line.quantity, line.unit)),
      ],
    ),
    // The advance and balance are the letter's highlight.
    ...quoteSummaryRows(quote, { withPayments: false }),
  ];
}

export function bulkAcknowledgement(view: BulkOrderView, link: string): OutgoingMail {
  return compose({
    view,
    link,
    subject: `We received your bulk order request ${view.ticketId}`,
    title: "We have your request",
    lines: [
      `Thank you for choosing Fresh Harvest Hub for your ${eventInSentence(view.eventType)}. Your ticket ID is ${view.ticketId}.`,
      `Our team reviews your request and prepares a quote based on availability and market rates. Once you accept it, a ${ADVANCE_PERCENT}% advance confirms your order.`,
    ],
  });
}

export function bulkQuoteMail(view: BulkOrderView, link: string): OutgoingMail {
  const quote = formatRupees(view.quotePaise ?? 0);
  const advance = formatRupees(view.advancePaise ?? 0);
  return compose({
    view,
    link,
    subject: `Your quote for bulk order ${view.ticketId}: ${quote}`,
    title: "Your quote is ready",
    lines: [
      `We have priced your request ${view.ticketId}.`,
      "Pay the advance from your request's page to confirm the order; the rest is due on delivery. Delivery charges depend on the location and size of the order and are included in the quote.",
    ],
    highlight: [`Quote: ${quote}`, `Advance due now (${ADVANCE_PERCENT}%): ${advance}`],
    ...(view.quote && { tables: [{ heading: "Your quote", rows: quoteRows(view.quote) }] }),
    ...(view.quoteNotes && { quote: { author: "What the quote covers", text: view.quoteNotes } }),
  });
}

export function bulkReceiptMail(view: BulkOrderView, link: string): OutgoingMail {
  const onDelivery = view.status === "confirmed";
  const advance = formatRupees(view.advancePaise ?? 0);
  const balance = formatRupees(view.money.balancePaise ?? 0);
  return compose({
    view,
    link,
    subject: onDelivery
      ? `Bulk order ${view.ticketId} confirmed: cash on delivery`
      : `Advance payment received for bulk order ${view.ticketId}`,
    title: onDelivery ? "Your bulk order is confirmed" : "Advance payment received",
    lines: onDelivery
      ? [`Your bulk order ${view.ticketId} is confirmed. You pay the whole amount on delivery.`]
      : [
          `We received your advance for ${view.ticketId}. Thank you!`,
          `Final adjustments are possible up to ${FINAL_CHANGES_HOURS} hours before delivery. A ${CANCELLATION_FEE_PERCENT}% cancellation fee applies once processing begins.`,
        ],
    highlight: onDelivery
      ? [`Due on delivery: ${balance}`]
      : [
          `Paid: ${advance} (${view.advancePaymentSummary ?? "online"})`,
          `Balance due on delivery: ${balance}`,
        ],
  });
}

/** Customer Relations confirms the order after the advance: the shop starts buying for it. */
export function bulkConfirmedMail(view: BulkOrderView, link: string): OutgoingMail {
  const balance = formatRupees(view.money.balancePaise ?? 0);
  return compose({
    view,
    link,
    subject: `Bulk order ${view.ticketId} confirmed`,
    title: "Your bulk order is confirmed",
    lines: [
      `Your bulk order ${view.ticketId} is confirmed: we are sourcing your produce from our farms for ${formatCalendarDate(view.deliveryDate)}.`,
      `Final adjustments are possible up to ${FINAL_CHANGES_HOURS} hours before delivery. From now on, a ${CANCELLATION_FEE_PERCENT}% cancellation fee applies.`,
    ],
    highlight: [`Balance due on delivery: ${balance}`],
  });
}

/** Delivered and paid in full. */
export function bulkDeliveredMail(view: BulkOrderView, link: string): OutgoingMail {
  return compose({
    view,
    link,
    subject: `Bulk order ${view.ticketId} delivered`,
    title: "Your bulk order has been delivered",
    lines: [
      `Your bulk order ${view.ticketId} has been delivered. Thank you for choosing Fresh Harvest Hub for your ${eventInSentence(view.eventType)}!`,
    ],
    highlight: [`Paid in full: ${formatRupees(view.money.paidPaise)}`],
  });
}

/** Cancelled by the shop: why, and what happens to the money under the terms. */
export function bulkCancelledMail(
  view: BulkOrderView,
  link: string,
  terms: {
    reason: string;
    feePaise: number;
    refundPaise: number;
    paidPaise: number;
    /** Kept before, for goods taken off by changes: part of `feePaise`, not a second fee. */
    keptBeforePaise?: number;
  },
): OutgoingMail {
  const keptBefore = Math.min(terms.keptBeforePaise ?? 0, terms.feePaise);
  const money =
    terms.paidPaise === 0
      ? ["Nothing was paid for this order, so nothing is due."]
      : [
          ...(keptBefore > 0
            ? [`Kept earlier for goods taken off the order: ${formatRupees(keptBefore)}`]
            : []),
          ...(terms.feePaise - keptBefore > 0
            ? [
                `Cancellation fee (${CANCELLATION_FEE_PERCENT}% of the order, as processing had begun): ${formatRupees(terms.feePaise - keptBefore)}`,
              ]
            : []),
          terms.refundPaise > 0
            ? `Refund: ${formatRupees(terms.refundPaise)} to your ${view.advancePaymentSummary ?? "payment method"} within 5-7 working days.`
            : "Nothing is refunded.",
        ];
  return compose({
    view,
    link,
    subject: `Bulk order ${view.ticketId} cancelled`,
    title: "Your bulk order has been cancelled",
    lines: [`Your bulk order ${view.ticketId} has been cancelled.`, `Reason: ${terms.reason}`],
    highlight: money,
  });
}

/** The lines changed after the advance, by the planner or the desk: the new quote and the money. */
export function bulkChangedMail(
  view: BulkOrderView,
  link: string,
  change: { fromPaise: number; money: ChangeMoney },
): OutgoingMail {
  const { money } = change;
  return compose({
    view,
    link,
    subject: `Bulk order ${view.ticketId} changed: ${formatRupees(view.quotePaise ?? 0)}`,
    title: "Your bulk order has been changed",
    lines: [
      `Your bulk order ${view.ticketId} now reads as below (it was ${formatRupees(change.fromPaise)}).`,
      ...(money.feeAddedPaise > 0 ? [CHANGE_TEXT.fee(money.feeAddedPaise)] : []),
      ...(money.refundPaise > 0
        ? [CHANGE_TEXT.refund(money.refundPaise, view.advancePaymentSummary ?? undefined)]
        : []),
      ...(money.dueNowPaise > 0
        ? [
            `The advance is ${ADVANCE_PERCENT}% of the order: please pay the difference of ${formatRupees(money.dueNowPaise)} from your request's page. ${CHANGE_TEXT.otherwiseOnDelivery}`,
          ]
        : []),
    ],
    highlight: [
      CHANGE_TEXT.newTotal(view.quotePaise ?? 0),
      `Balance due on delivery: ${formatRupees(view.money.balancePaise ?? 0)}`,
    ],
    ...(view.quote && { tables: [{ heading: "Your order", rows: quoteRows(view.quote) }] }),
  });
}

/** The difference a change asked for, paid online. */
export function bulkDifferencePaidMail(
  view: BulkOrderView,
  link: string,
  amountPaise: number,
): OutgoingMail {
  return compose({
    view,
    link,
    subject: `Payment received for bulk order ${view.ticketId}`,
    title: "Payment received",
    lines: [`We received the difference for your changed order ${view.ticketId}. Thank you!`],
    highlight: [
      `Paid: ${formatRupees(amountPaise)} (${view.advancePaymentSummary ?? "online"})`,
      `Balance due on delivery: ${formatRupees(view.money.balancePaise ?? 0)}`,
    ],
  });
}
