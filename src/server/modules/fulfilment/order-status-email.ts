// The emails a shopper gets as the shop moves their order: confirmed, out for delivery (with the
// GST invoice), delivered, cancelled (with the credit note when one was issued) and short-picked.
// Each is one letter (mail/letter.tsx) in this file's words; the plain text comes from the same
// source, and React escapes what shoppers typed.

import type { OrderView } from "../../../shared/contracts/orders.ts";
import type { I18n } from "../../../shared/i18n/translator.ts";
import { formatRupees } from "../../../shared/money.ts";
import { formatQuantityIn } from "../../../shared/rules/measure.ts";
import { deliveryAddressOf, paymentOf } from "../../../shared/rules/order-facts.ts";
import { REFUND_TIME } from "../../../shared/rules/order-fulfilment.ts";
import { PACKED_TEXT } from "../../../shared/rules/packed-weight.ts";
import { greetingName } from "../../../shared/rules/person-name.ts";
import { STORE } from "../../../shared/store-info.ts";
import { translatorFor } from "../../i18n/translator.ts";
import { type OrderEmail, orderPageLink } from "../checkout/index.ts";
import { invoiceFileName } from "../invoices/index.ts";
import type { DetailRow } from "../mail/index.ts";
import { type Letter, letterMail } from "../mail/index.ts";
import type { MailAttachment } from "../mail/schema.ts";
import type { RefundMailDetails, ShortPickChange } from "./order-status-mails.ts";

export type OrderStatusEmail = OrderEmail;

const HTML_FILE = "text/html; charset=utf-8";

const isCash = (order: OrderView) => order.paymentMethod === "cash";
const agentPhoneOf = (order: OrderView) =>
  order.deliveryAgentPhone.trim() || STORE.deliveryAgentPhone;

/** The order's language's words: its mails are written in the language it was placed in. */
const wordsOf = (order: OrderView) => translatorFor(order.locale);

/** A quantity in the mail's language: "750 g", "2 ବିଡ଼ା". */
const amountIn = (i18n: I18n, quantity: number, unit: string) =>
  formatQuantityIn(i18n._.bind(i18n), quantity, unit);

/** "750 g", or "1 kg ordered, 1.04 kg packed" for a weighed line the scale read otherwise. */
function lineQuantityText(i18n: I18n, line: OrderView["lines"][number]): string {
  const ordered = line.orderedQuantity ?? line.quantity;
  if (line.packedQuantity != null && line.packedQuantity !== ordered) {
    return i18n._(PACKED_TEXT.quantitiesText, {
      ordered: amountIn(i18n, ordered, line.unit),
      packed: amountIn(i18n, line.packedQuantity, line.unit),
    });
  }
  return amountIn(i18n, line.quantity, line.unit);
}

/** The order at a glance: what is in it, what it costs and where it goes. */
function orderRows(i18n: I18n, order: OrderView): DetailRow[] {
  return [
    [i18n._("Order number"), order.orderNumber],
    ...order.lines
      .filter((line) => line.quantity > 0)
      .map(
        (line): DetailRow => [
          line.localName || line.name,
          `${lineQuantityText(i18n, line)}: ${formatRupees(line.taxablePaise + line.gstPaise)}`,
        ],
      ),
    [
      i18n._("Delivery"),
      order.deliveryFeePaise > 0 ? formatRupees(order.deliveryFeePaise) : i18n._("Free"),
    ],
    [i18n._("Total"), formatRupees(order.totalPaise)],
    [i18n._("Payment"), paymentIn(i18n, order)],
    [i18n._("Delivering to"), deliveryAddressOf(order)],
  ];
}

/** How the order was paid, in the mail's language where it is the method's name alone. */
const paymentIn = (i18n: I18n, order: OrderView) => i18n._(paymentOf(order));

/** A letter about the order: greeted by name, with its live page as the action. */
function compose(
  order: OrderView,
  options: Omit<Letter, "greeting" | "action"> & {
    publicUrl: string;
    action: string;
    attachments?: MailAttachment[];
  },
): OrderStatusEmail {
  const { publicUrl, action, attachments, ...letter } = options;
  return {
    ...letterMail({
      ...letter,
      locale: order.locale,
      greeting: greetingName(order.customerName),
      action: { label: action, href: orderPageLink(publicUrl, order.orderNumber) },
    }),
    attachments: attachments ?? [],
  };
}

/** The shop has accepted the order and is preparing it. */
export function orderConfirmedEmail(
  order: OrderView,
  options: { publicUrl: string },
): OrderStatusEmail {
  const i18n = wordsOf(order);
  const { orderNumber } = order;
  return compose(order, {
    publicUrl: options.publicUrl,
    subject: i18n._("Your order {orderNumber} is confirmed and being prepared", { orderNumber }),
    title: i18n._("Your order is being prepared"),
    paragraphs: [
      i18n._(
        "Good news: your order {orderNumber} is confirmed, and we are picking and packing it now.",
        { orderNumber },
      ),
      i18n._("We will email you again when it leaves our store, with your GST invoice."),
    ],
    highlight: [
      i18n._("Delivery: within {promise} of your order", {
        promise: i18n._(STORE.deliveryPromise),
      }),
    ],
    details: { heading: i18n._("Your order"), rows: orderRows(i18n, order) },
    action: i18n._("View your order"),
  });
}

/** The order has left the store: the GST invoice (issued at dispatch) goes with this email. */
export function orderOutForDeliveryEmail(
  order: OrderView,
  options: { publicUrl: string; invoiceHtml: string },
): OrderStatusEmail {
  const i18n = wordsOf(order);
  const { orderNumber } = order;
  const fileName = invoiceFileName(order.orderNumber);
  const agent = agentPhoneOf(order);
  const invoice = order.invoiceNumber
    ? i18n._("Your GST invoice {number} is attached ({fileName}).", {
        number: order.invoiceNumber,
        fileName,
      })
    : i18n._("Your invoice is attached ({fileName}).", { fileName });
  return compose(order, {
    publicUrl: options.publicUrl,
    subject: i18n._("Your order {orderNumber} is on its way", { orderNumber }),
    title: i18n._("Your order is on its way"),
    paragraphs: [
      i18n._("Your order {orderNumber} has left our store and is on its way to you.", {
        orderNumber,
      }),
      i18n._("Please keep your phone nearby: our delivery agent may call you to find your door."),
    ],
    highlight: [
      i18n._("Delivery agent: {phone}", { phone: agent }),
      ...(isCash(order)
        ? [
            i18n._("Please keep {amount} ready to pay in cash on delivery.", {
              amount: formatRupees(order.totalPaise),
            }),
          ]
        : []),
    ],
    details: { heading: i18n._("Your order"), rows: orderRows(i18n, order) },
    action: i18n._("Track your order"),
    closing: [invoice],
    attachments: [{ filename: fileName, contentType: HTML_FILE, content: options.invoiceHtml }],
  });
}

/** Delivered: thanks, what was paid, and an invitation to rate the order on its page. */
export function orderDeliveredEmail(
  order: OrderView,
  options: { publicUrl: string },
): OrderStatusEmail {
  const i18n = wordsOf(order);
  const { orderNumber } = order;
  const total = formatRupees(order.totalPaise);
  const rated = order.rating !== null;
  return compose(order, {
    publicUrl: options.publicUrl,
    subject: i18n._("Your order {orderNumber} has been delivered", { orderNumber }),
    title: i18n._("Your order has been delivered"),
    paragraphs: [
      i18n._("Your order {orderNumber} has been delivered. Thank you for shopping with {store}!", {
        orderNumber,
        store: STORE.name,
      }),
      rated
        ? i18n._("Thank you for rating your order: it helps us keep every delivery fresh.")
        : i18n._(
            "How was everything? Rate your order on its page: it takes a moment and helps us keep every delivery fresh.",
          ),
    ],
    highlight: [
      isCash(order)
        ? i18n._("Paid in cash on delivery: {total}", { total })
        : i18n._("Paid online: {total} ({payment})", { total, payment: paymentIn(i18n, order) }),
    ],
    action: rated ? i18n._("View your order") : i18n._("Rate your order"),
  });
}

/** A credit note as an email carries it: a standalone HTML file. */
type AttachedNote = { fileName: string; html: string; number: string };

/** Refunded after delivery: what was given back, how the money returns, and the credit note. */
export function orderRefundedEmail(
  order: OrderView,
  options: {
    publicUrl: string;
    refund: Omit<RefundMailDetails, "creditNote">;
    creditNote: AttachedNote;
  },
): OrderStatusEmail {
  const i18n = wordsOf(order);
  const { orderNumber } = order;
  const { refund, creditNote } = options;
  const total = formatRupees(refund.totalPaise);
  const money = refund.paidBackBy
    ? i18n._("{total} was paid back to you by {by}.", { total, by: refund.paidBackBy })
    : i18n._("{total} will be refunded to your {to} within {time}.", {
        total,
        to: paymentIn(i18n, order),
        time: i18n._(REFUND_TIME),
      });
  const rows: DetailRow[] = [
    ...refund.lines.map(
      (line): DetailRow => [
        line.name,
        line.quantity > 0
          ? `${amountIn(i18n, line.quantity, line.unit)}: ${formatRupees(line.totalPaise)}`
          : formatRupees(line.totalPaise),
      ],
    ),
    ...(refund.deliveryFeePaise > 0
      ? [[i18n._("Delivery fee"), formatRupees(refund.deliveryFeePaise)] as DetailRow]
      : []),
    [i18n._("Refunded"), total],
  ];
  return compose(order, {
    publicUrl: options.publicUrl,
    subject: i18n._("A refund for your order {orderNumber}", { orderNumber }),
    title: i18n._("We have refunded part of your order"),
    paragraphs: [
      i18n._(
        "We are sorry something was not right with your order {orderNumber}. We have refunded it.",
        { orderNumber },
      ),
      i18n._("Reason: {reason}", { reason: i18n._(refund.reasonLabel) }),
    ],
    highlight: [money],
    details: { heading: i18n._("What was refunded"), rows },
    action: i18n._("View your order"),
    closing: [
      i18n._("Our credit note {number} against invoice {invoice} is attached ({fileName}).", {
        number: creditNote.number,
        invoice: order.invoiceNumber,
        fileName: creditNote.fileName,
      }),
    ],
    attachments: [
      { filename: creditNote.fileName, contentType: HTML_FILE, content: creditNote.html },
    ],
  });
}

/** Cancelled by the shop: why, what happens to the money, and the credit note if one was due. */
export function orderCancelledEmail(
  order: OrderView,
  options: {
    publicUrl: string;
    reasonLabel: string;
    refundPaise: number;
    creditNote?: AttachedNote;
  },
): OrderStatusEmail {
  const i18n = wordsOf(order);
  const { orderNumber } = order;
  const { creditNote, refundPaise } = options;
  const money = isCash(order)
    ? i18n._("You chose cash on delivery, so nothing was charged.")
    : refundPaise > 0
      ? i18n._("{total} will be refunded to your {to} within {time}.", {
          total: formatRupees(refundPaise),
          to: paymentIn(i18n, order),
          time: i18n._(REFUND_TIME),
        })
      : i18n._("Nothing was charged for this order.");
  return compose(order, {
    publicUrl: options.publicUrl,
    subject: i18n._("Your order {orderNumber} has been cancelled", { orderNumber }),
    title: i18n._("Your order has been cancelled"),
    paragraphs: [
      i18n._("We are sorry: your order {orderNumber} has been cancelled.", { orderNumber }),
      i18n._("Reason: {reason}", { reason: i18n._(options.reasonLabel) }),
    ],
    highlight: [money],
    action: i18n._("View your order"),
    closing: creditNote
      ? [
          order.invoiceNumber
            ? i18n._(
                "Our credit note {number} against invoice {invoice} is attached ({fileName}).",
                {
                  number: creditNote.number,
                  invoice: order.invoiceNumber,
                  fileName: creditNote.fileName,
                },
              )
            : i18n._("Our credit note {number} is attached ({fileName}).", {
                number: creditNote.number,
                fileName: creditNote.fileName,
              }),
        ]
      : [],
    attachments: creditNote
      ? [{ filename: creditNote.fileName, contentType: HTML_FILE, content: creditNote.html }]
      : [],
  });
}

function changeText(i18n: I18n, { unit, ordered, supplied, packed }: ShortPickChange): string {
  const amount = (quantity: number) => amountIn(i18n, quantity, unit);
  if (packed !== null) {
    const weighed = i18n._(PACKED_TEXT.quantitiesText, {
      ordered: amount(ordered),
      packed: amount(packed),
    });
    return supplied === packed
      ? weighed
      : i18n._("{weighed}; you pay for {amount}", { weighed, amount: amount(supplied) });
  }
  return supplied === 0
    ? i18n._("none packed ({ordered} ordered)", { ordered: amount(ordered) })
    : i18n._("{supplied} packed of {ordered} ordered", {
        supplied: amount(supplied),
        ordered: amount(ordered),
      });
}

/**
 * Packed otherwise than ordered: items short, or produce weighed at packing. What changed, the
 * new total, and what happens to the money.
 */
export function orderShortPickedEmail(
  order: OrderView,
  options: { publicUrl: string; changes: ShortPickChange[]; refundPaise: number },
): OrderStatusEmail {
  const i18n = wordsOf(order);
  const { orderNumber } = order;
  const total = formatRupees(order.totalPaise);
  const money = isCash(order)
    ? [i18n._("New amount to pay in cash on delivery: {total}", { total })]
    : options.refundPaise > 0
      ? [
          i18n._("The difference, {amount}, will be refunded to your {to} within {time}.", {
            amount: formatRupees(options.refundPaise),
            to: paymentIn(i18n, order),
            time: i18n._(REFUND_TIME),
          }),
        ]
      : [];
  const short = options.changes.some((change) => change.short);
  const weighedOnly = !short;
  return compose(order, {
    publicUrl: options.publicUrl,
    subject: weighedOnly
      ? i18n._("Your order {orderNumber} is weighed and packed: {total}", { orderNumber, total })
      : i18n._("A change to your order {orderNumber}: some items were short", { orderNumber }),
    title: weighedOnly
      ? i18n._("Your order is weighed and packed")
      : i18n._("Some items were short"),
    paragraphs: weighedOnly
      ? [
          isCash(order)
            ? i18n._(
                "We weighed the fresh produce in your order {orderNumber} as we packed it. You pay for what was packed, never more than a little above what you ordered.",
                { orderNumber },
              )
            : i18n._(
                "We weighed the fresh produce in your order {orderNumber} as we packed it. You pay for what was packed, never more than a little above what you ordered, and never more than you paid.",
                { orderNumber },
              ),
          i18n._("Your order leaves our store shortly."),
        ]
      : [
          i18n._(
            "While packing your order {orderNumber}, we did not have enough of some items fresh enough to send you. You pay only for what we deliver.",
            { orderNumber },
          ),
          i18n._("Everything else is packed and leaves our store shortly."),
        ],
    highlight: [i18n._("New total: {total}", { total }), ...money],
    details: {
      heading: i18n._("What changed"),
      rows: options.changes.map((change): DetailRow => [change.name, changeText(i18n, change)]),
    },
    action: i18n._("View your order"),
  });
}
