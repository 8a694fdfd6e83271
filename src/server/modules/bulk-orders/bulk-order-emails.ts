// The mails of a bulk request: the acknowledgement, the quote with the advance due, and the
// receipt. Each links back to the request's confirmation page with its signed token. The request
// form takes any address, so no mail repeats what the requester typed (name, products, location):
// it gives the ticket, the store's own words and figures, and the link to the page that shows the
// request whole (decision 43). Each is written in the language the request was made in
// (decision 56).

import type { BulkOrderView, QuoteView } from "../../../shared/contracts/bulk-orders.ts";
import { isLocale, type Locale } from "../../../shared/i18n/locales.ts";
import type { I18n } from "../../../shared/i18n/translator.ts";
import { formatRupees } from "../../../shared/money.ts";
import { CHANGE_TEXT, type ChangeMoney } from "../../../shared/rules/bulk-changes.ts";
import {
  ADVANCE_PERCENT,
  BULK_STATUS_LABELS,
  CANCELLATION_FEE_PERCENT,
  FINAL_CHANGES_HOURS,
} from "../../../shared/rules/bulk-order-status.ts";
import { quoteLineText, quoteSummaryRows } from "../../../shared/rules/bulk-quote.ts";
import { eventInSentence, eventTypeText } from "../../../shared/rules/event-types.ts";
import { lineAmountPaise } from "../../../shared/rules/measure.ts";
import { formatCalendarDate } from "../../../shared/rules/shop-time.ts";
import { STORE } from "../../../shared/store-info.ts";
import { translatorFor } from "../../i18n/translator.ts";
import type { DetailRow, OutgoingMail } from "../mail/index.ts";
import { letterMail } from "../mail/index.ts";

/**
 * The request as its mails read it: the planner's view, and the language the request was made in
 * (`bulk_orders.locale`), which the planner's view does not carry. English when not given.
 */
export type BulkMailView = BulkOrderView & { locale?: string | null };

/** The request's language, when the store speaks it. */
const localeOf = (view: BulkMailView): Locale | undefined =>
  isLocale(view.locale) ? view.locale : undefined;

/** "wedding" in the mail's language, for "for your {event}". */
const eventWords = (i18n: I18n, eventType: string) => i18n._(eventInSentence(eventType));

function requestDetails(i18n: I18n, locale: Locale | undefined, view: BulkMailView): DetailRow[] {
  return [
    [i18n._("Ticket ID"), view.ticketId],
    [i18n._("Status"), i18n._(BULK_STATUS_LABELS[view.status])],
    [i18n._("Event type"), i18n._(eventTypeText(view.eventType))],
    [i18n._("Delivery date"), formatCalendarDate(view.deliveryDate, locale)],
    [
      i18n._("Cash on delivery requested"),
      view.codRequested ? i18n._("Yes (subject to approval)") : i18n._("No"),
    ],
  ];
}

/** A letter about the request: its details in the store's words, and the link to its page. */
function compose(options: {
  view: BulkMailView;
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
  const locale = localeOf(view);
  const i18n = translatorFor(locale);
  const letter = letterMail({
    locale,
    subject: options.subject,
    title: options.title,
    greeting: null,
    paragraphs: options.lines,
    highlight: options.highlight,
    ...(options.quote && { quotes: [options.quote] }),
    ...(options.tables && { tables: options.tables }),
    details: { heading: i18n._("Your request"), rows: requestDetails(i18n, locale, view) },
    action: { label: i18n._("View your request"), href: link },
  });
  return { to: view.email, ...letter };
}

/**
 * The quote line by line, as its page shows it: each line as `quoteLineText` writes it (in
 * English, the product's English name), the figures below it labelled in the mail's language.
 */
function quoteRows(i18n: I18n, quote: QuoteView): DetailRow[] {
  return [
    ...quote.lines.map(
      (line): DetailRow => [
        quoteLineText(line),
        formatRupees(lineAmountPaise(line.listPricePaise, line.quantity, line.unit)),
      ],
    ),
    // The advance and balance are the letter's highlight.
    ...quoteSummaryRows(quote, {
      withPayments: false,
      say: (text, values) => i18n._(text, values),
    }),
  ];
}

export function bulkAcknowledgement(view: BulkMailView, link: string): OutgoingMail {
  const i18n = translatorFor(localeOf(view));
  const { ticketId } = view;
  return compose({
    view,
    link,
    subject: i18n._("We received your bulk order request {ticketId}", { ticketId }),
    title: i18n._("We have your request"),
    lines: [
      i18n._("Thank you for choosing {store} for your {event}. Your ticket ID is {ticketId}.", {
        store: STORE.name,
        event: eventWords(i18n, view.eventType),
        ticketId,
      }),
      i18n._(
        "Our team reviews your request and prepares a quote based on availability and market rates. Once you accept it, a {percent}% advance confirms your order.",
        { percent: ADVANCE_PERCENT },
      ),
    ],
  });
}

export function bulkQuoteMail(view: BulkMailView, link: string): OutgoingMail {
  const i18n = translatorFor(localeOf(view));
  const { ticketId } = view;
  const quote = formatRupees(view.quotePaise ?? 0);
  const advance = formatRupees(view.advancePaise ?? 0);
  return compose({
    view,
    link,
    subject: i18n._("Your quote for bulk order {ticketId}: {amount}", { ticketId, amount: quote }),
    title: i18n._("Your quote is ready"),
    lines: [
      i18n._("We have priced your request {ticketId}.", { ticketId }),
      i18n._(
        "Pay the advance from your request's page to confirm the order; the rest is due on delivery. Delivery charges depend on the location and size of the order and are included in the quote.",
      ),
    ],
    highlight: [
      i18n._("Quote: {amount}", { amount: quote }),
      i18n._("Advance due now ({percent}%): {amount}", {
        percent: ADVANCE_PERCENT,
        amount: advance,
      }),
    ],
    ...(view.quote && {
      tables: [{ heading: i18n._("Your quote"), rows: quoteRows(i18n, view.quote) }],
    }),
    ...(view.quoteNotes && {
      quote: { author: i18n._("What the quote covers"), text: view.quoteNotes },
    }),
  });
}

/** How the money was paid ("Visa ending 1111", as the provider says it), or "online". */
const paidBy = (i18n: I18n, view: BulkMailView) => view.advancePaymentSummary ?? i18n._("online");

export function bulkReceiptMail(view: BulkMailView, link: string): OutgoingMail {
  const i18n = translatorFor(localeOf(view));
  const { ticketId } = view;
  const onDelivery = view.status === "confirmed";
  const advance = formatRupees(view.advancePaise ?? 0);
  const balance = formatRupees(view.money.balancePaise ?? 0);
  return compose({
    view,
    link,
    subject: onDelivery
      ? i18n._("Bulk order {ticketId} confirmed: cash on delivery", { ticketId })
      : i18n._("Advance payment received for bulk order {ticketId}", { ticketId }),
    title: onDelivery ? i18n._("Your bulk order is confirmed") : i18n._("Advance payment received"),
    lines: onDelivery
      ? [
          i18n._("Your bulk order {ticketId} is confirmed. You pay the whole amount on delivery.", {
            ticketId,
          }),
        ]
      : [
          i18n._("We received your advance for {ticketId}. Thank you!", { ticketId }),
          i18n._(
            "Final adjustments are possible up to {hours} hours before delivery. A {percent}% cancellation fee applies once processing begins.",
            { hours: FINAL_CHANGES_HOURS, percent: CANCELLATION_FEE_PERCENT },
          ),
        ],
    highlight: onDelivery
      ? [i18n._("Due on delivery: {amount}", { amount: balance })]
      : [
          i18n._("Paid: {amount} ({payment})", { amount: advance, payment: paidBy(i18n, view) }),
          i18n._("Balance due on delivery: {amount}", { amount: balance }),
        ],
  });
}

/** Customer Relations confirms the order after the advance: the shop starts buying for it. */
export function bulkConfirmedMail(view: BulkMailView, link: string): OutgoingMail {
  const locale = localeOf(view);
  const i18n = translatorFor(locale);
  const { ticketId } = view;
  const balance = formatRupees(view.money.balancePaise ?? 0);
  return compose({
    view,
    link,
    subject: i18n._("Bulk order {ticketId} confirmed", { ticketId }),
    title: i18n._("Your bulk order is confirmed"),
    lines: [
      i18n._(
        "Your bulk order {ticketId} is confirmed: we are sourcing your produce from our farms for {date}.",
        { ticketId, date: formatCalendarDate(view.deliveryDate, locale) },
      ),
      i18n._(
        "Final adjustments are possible up to {hours} hours before delivery. From now on, a {percent}% cancellation fee applies.",
        { hours: FINAL_CHANGES_HOURS, percent: CANCELLATION_FEE_PERCENT },
      ),
    ],
    highlight: [i18n._("Balance due on delivery: {amount}", { amount: balance })],
  });
}

/** Delivered and paid in full. */
export function bulkDeliveredMail(view: BulkMailView, link: string): OutgoingMail {
  const i18n = translatorFor(localeOf(view));
  const { ticketId } = view;
  return compose({
    view,
    link,
    subject: i18n._("Bulk order {ticketId} delivered", { ticketId }),
    title: i18n._("Your bulk order has been delivered"),
    lines: [
      i18n._(
        "Your bulk order {ticketId} has been delivered. Thank you for choosing {store} for your {event}!",
        { ticketId, store: STORE.name, event: eventWords(i18n, view.eventType) },
      ),
    ],
    highlight: [i18n._("Paid in full: {amount}", { amount: formatRupees(view.money.paidPaise) })],
  });
}

/** Cancelled by the shop: why, and what happens to the money under the terms. */
export function bulkCancelledMail(
  view: BulkMailView,
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
  const i18n = translatorFor(localeOf(view));
  const { ticketId } = view;
  const keptBefore = Math.min(terms.keptBeforePaise ?? 0, terms.feePaise);
  const money =
    terms.paidPaise === 0
      ? [i18n._("Nothing was paid for this order, so nothing is due.")]
      : [
          ...(keptBefore > 0
            ? [
                i18n._("Kept earlier for goods taken off the order: {amount}", {
                  amount: formatRupees(keptBefore),
                }),
              ]
            : []),
          ...(terms.feePaise - keptBefore > 0
            ? [
                i18n._(
                  "Cancellation fee ({percent}% of the order, as processing had begun): {amount}",
                  {
                    percent: CANCELLATION_FEE_PERCENT,
                    amount: formatRupees(terms.feePaise - keptBefore),
                  },
                ),
              ]
            : []),
          terms.refundPaise > 0
            ? i18n._("Refund: {amount} to your {method} within 5-7 working days.", {
                amount: formatRupees(terms.refundPaise),
                method: view.advancePaymentSummary ?? i18n._("payment method"),
              })
            : i18n._("Nothing is refunded."),
        ];
  return compose({
    view,
    link,
    subject: i18n._("Bulk order {ticketId} cancelled", { ticketId }),
    title: i18n._("Your bulk order has been cancelled"),
    lines: [
      i18n._("Your bulk order {ticketId} has been cancelled.", { ticketId }),
      // As the desk wrote it.
      i18n._("Reason: {reason}", { reason: terms.reason }),
    ],
    highlight: money,
  });
}

/** The lines changed after the advance, by the planner or the desk: the new quote and the money. */
export function bulkChangedMail(
  view: BulkMailView,
  link: string,
  change: { fromPaise: number; money: ChangeMoney },
): OutgoingMail {
  const i18n = translatorFor(localeOf(view));
  const { ticketId } = view;
  const { money } = change;
  return compose({
    view,
    link,
    subject: i18n._("Bulk order {ticketId} changed: {amount}", {
      ticketId,
      amount: formatRupees(view.quotePaise ?? 0),
    }),
    title: i18n._("Your bulk order has been changed"),
    lines: [
      i18n._("Your bulk order {ticketId} now reads as below (it was {amount}).", {
        ticketId,
        amount: formatRupees(change.fromPaise),
      }),
      // Finished English, as the shared rule writes it.
      ...(money.feeAddedPaise > 0 ? [CHANGE_TEXT.fee(money.feeAddedPaise)] : []),
      ...(money.refundPaise > 0
        ? [
            i18n._(CHANGE_TEXT.refund, {
              amount: formatRupees(money.refundPaise),
              method: view.advancePaymentSummary ?? i18n._(CHANGE_TEXT.refundMethod),
            }),
          ]
        : []),
      ...(money.dueNowPaise > 0
        ? [
            `${i18n._(
              "The advance is {percent}% of the order: please pay the difference of {amount} from your request's page.",
              { percent: ADVANCE_PERCENT, amount: formatRupees(money.dueNowPaise) },
            )} ${i18n._(CHANGE_TEXT.otherwiseOnDelivery)}`,
          ]
        : []),
    ],
    highlight: [
      i18n._(CHANGE_TEXT.newTotal, { amount: formatRupees(view.quotePaise ?? 0) }),
      i18n._("Balance due on delivery: {amount}", {
        amount: formatRupees(view.money.balancePaise ?? 0),
      }),
    ],
    ...(view.quote && {
      tables: [{ heading: i18n._("Your order"), rows: quoteRows(i18n, view.quote) }],
    }),
  });
}

/** The difference a change asked for, paid online. */
export function bulkDifferencePaidMail(
  view: BulkMailView,
  link: string,
  amountPaise: number,
): OutgoingMail {
  const i18n = translatorFor(localeOf(view));
  const { ticketId } = view;
  return compose({
    view,
    link,
    subject: i18n._("Payment received for bulk order {ticketId}", { ticketId }),
    title: i18n._("Payment received"),
    lines: [
      i18n._("We received the difference for your changed order {ticketId}. Thank you!", {
        ticketId,
      }),
    ],
    highlight: [
      i18n._("Paid: {amount} ({payment})", {
        amount: formatRupees(amountPaise),
        payment: paidBy(i18n, view),
      }),
      i18n._("Balance due on delivery: {amount}", {
        amount: formatRupees(view.money.balancePaise ?? 0),
      }),
    ],
  });
}
