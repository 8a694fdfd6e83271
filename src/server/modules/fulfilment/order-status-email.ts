// The emails a shopper gets as the shop moves their order: confirmed, out for delivery (with the
// GST invoice), delivered, cancelled (with the credit note when one was issued) and short-picked.
// Each is one letter (mail/letter.tsx) in this file's words; the plain text comes from the same
// source, and React escapes what shoppers typed.
import type { OrderView } from "../../../shared/contracts/orders.ts";
import { formatRupees } from "../../../shared/money.ts";
import { formatQuantity } from "../../../shared/rules/measure.ts";
import { deliveryAddressOf, paymentOf } from "../../../shared/rules/order-facts.ts";
import { REFUND_TIME } from "../../../shared/rules/order-fulfilment.ts";
import { PACKED_TEXT } from "../../../shared/rules/packed-weight.ts";
import { greetingName } from "../../../shared/rules/person-name.ts";
import { STORE } from "../../../shared/store-info.ts";
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

/** "750 g", or "1 kg ordered, 1.04 kg packed" for a weighed line the scale read otherwise. */
function lineQuantityText(line: OrderView["lines"][number]): string {
  const ordered = line.orderedQuantity ?? line.quantity;
  if (line.packedQuantity != null && line.packedQuantity !== ordered) {
    return PACKED_TEXT.quantities(line.unit, ordered, line.packedQuantity);
  }
  return formatQuantity(line.quantity, line.unit);
}

/** The order at a glance: what is in it, what it costs and where it goes. */
function orderRows(order: OrderView): DetailRow[] {
  return [
    ["Order number", order.orderNumber],
    ...order.lines
      .filter((line) => line.quantity > 0)
      .map(
        (line): DetailRow => [
          line.name,
          `${lineQuantityText(line)}: ${formatRupees(line.taxablePaise + line.gstPaise)}`,
        ],
      ),
    ["Delivery", order.deliveryFeePaise > 0 ? formatRupees(order.deliveryFeePaise) : "Free"],
    ["Total", formatRupees(order.totalPaise)],
    ["Payment", paymentOf(order)],
    ["Delivering to", deliveryAddressOf(order)],
  ];
}

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
  return compose(order, {
    publicUrl: options.publicUrl,
    subject: `Your order ${order.orderNumber} is confirmed and being prepared`,
    title: "Your order is being prepared",
    paragraphs: [
      `Good news: your order ${order.orderNumber} is confirmed, and we are picking and packing it now.`,
      "We will email you again when it leaves our store, with your GST invoice.",
    ],
    highlight: [`Delivery: within ${STORE.deliveryPromise} of your order`],
    details: { heading: "Your order", rows: orderRows(order) },
    action: "View your order",
  });
}

/** The order has left the store: the GST invoice (issued at dispatch) goes with this email. */
export function orderOutForDeliveryEmail(
  order: OrderView,
  options: { publicUrl: string; invoiceHtml: string },
): OrderStatusEmail {
  const fileName = invoiceFileName(order.orderNumber);
  const agent = agentPhoneOf(order);
  const invoice = order.invoiceNumber
    ? `Your GST invoice ${order.invoiceNumber} is attached (${fileName}).`
    : `Your invoice is attached (${fileName}).`;
  return compose(order, {
    publicUrl: options.publicUrl,
    subject: `Your order ${order.orderNumber} is on its way`,
    title: "Your order is on its way",
    paragraphs: [
      `Your order ${order.orderNumber} has left our store and is on its way to you.`,
      "Please keep your phone nearby: our delivery agent may call you to find your door.",
    ],
    highlight: [
      `Delivery agent: ${agent}`,
      ...(isCash(order)
        ? [`Please keep ${formatRupees(order.totalPaise)} ready to pay in cash on delivery.`]
        : []),
    ],
    details: { heading: "Your order", rows: orderRows(order) },
    action: "Track your order",
    closing: [invoice],
    attachments: [{ filename: fileName, contentType: HTML_FILE, content: options.invoiceHtml }],
  });
}

/** Delivered: thanks, what was paid, and an invitation to rate the order on its page. */
export function orderDeliveredEmail(
  order: OrderView,
  options: { publicUrl: string },
): OrderStatusEmail {
  const total = formatRupees(order.totalPaise);
  const rated = order.rating !== null;
  return compose(order, {
    publicUrl: options.publicUrl,
    subject: `Your order ${order.orderNumber} has been delivered`,
    title: "Your order has been delivered",
    paragraphs: [
      `Your order ${order.orderNumber} has been delivered. Thank you for shopping with ${STORE.name}!`,
      rated
        ? "Thank you for rating your order: it helps us keep every delivery fresh."
        : "How was everything? Rate your order on its page: it takes a moment and helps us keep every delivery fresh.",
    ],
    highlight: [
      isCash(order)
        ? `Paid in cash on delivery: ${total}`
        : `Paid online: ${total} (${paymentOf(order)})`,
    ],
    action: rated ? "View your order" : "Rate your order",
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
  const { refund, creditNote } = options;
  const total = formatRupees(refund.totalPaise);
  const money = refund.paidBackBy
    ? `${total} was paid back to you by ${refund.paidBackBy}.`
    : `${total} will be refunded to your ${paymentOf(order)} within ${REFUND_TIME}.`;
  const rows: DetailRow[] = [
    ...refund.lines.map(
      (line): DetailRow => [
        line.name,
        line.quantity > 0
          ? `${formatQuantity(line.quantity, line.unit)}: ${formatRupees(line.totalPaise)}`
          : formatRupees(line.totalPaise),
      ],
    ),
    ...(refund.deliveryFeePaise > 0
      ? [["Delivery fee", formatRupees(refund.deliveryFeePaise)] as DetailRow]
      : []),
    ["Refunded", total],
  ];
  return compose(order, {
    publicUrl: options.publicUrl,
    subject: `A refund for your order ${order.orderNumber}`,
    title: "We have refunded part of your order",
    paragraphs: [
      `We are sorry something was not right with your order ${order.orderNumber}. We have refunded it.`,
      `Reason: ${refund.reasonLabel}`,
    ],
    highlight: [money],
    details: { heading: "What was refunded", rows },
    action: "View your order",
    closing: [
      `Our credit note ${creditNote.number} against invoice ${order.invoiceNumber} is attached (${creditNote.fileName}).`,
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
  const { creditNote, refundPaise } = options;
  const money = isCash(order)
    ? "You chose cash on delivery, so nothing was charged."
    : refundPaise > 0
      ? `${formatRupees(refundPaise)} will be refunded to your ${paymentOf(order)} within ${REFUND_TIME}.`
      : "Nothing was charged for this order.";
  const against = order.invoiceNumber ? ` against invoice ${order.invoiceNumber}` : "";
  return compose(order, {
    publicUrl: options.publicUrl,
    subject: `Your order ${order.orderNumber} has been cancelled`,
    title: "Your order has been cancelled",
    paragraphs: [
      `We are sorry: your order ${order.orderNumber} has been cancelled.`,
      `Reason: ${options.reasonLabel}`,
    ],
    highlight: [money],
    action: "View your order",
    closing: creditNote
      ? [`Our credit note ${creditNote.number}${against} is attached (${creditNote.fileName}).`]
      : [],
    attachments: creditNote
      ? [{ filename: creditNote.fileName, contentType: HTML_FILE, content: creditNote.html }]
      : [],
  });
}

function changeText({ unit, ordered, supplied, packed }: ShortPickChange): string {
  const amount = (quantity: number) => formatQuantity(quantity, unit);
  if (packed !== null) {
    const weighed = PACKED_TEXT.quantities(unit, ordered, packed);
    return supplied === packed ? weighed : `${weighed}; you pay for ${amount(supplied)}`;
  }
  return supplied === 0
    ? `none packed (${amount(ordered)} ordered)`
    : `${amount(supplied)} packed of ${amount(ordered)} ordered`;
}

/**
 * Packed otherwise than ordered: items short, or produce weighed at packing. What changed, the
 * new total, and what happens to the money.
 */
export function orderShortPickedEmail(
  order: OrderView,
  options: { publicUrl: string; changes: ShortPickChange[]; refundPaise: number },
): OrderStatusEmail {
  const total = formatRupees(order.totalPaise);
  const money = isCash(order)
    ? [`New amount to pay in cash on delivery: ${total}`]
    : options.refundPaise > 0
      ? [
          `The difference, ${formatRupees(options.refundPaise)}, will be refunded to your ${paymentOf(order)} within ${REFUND_TIME}.`,
        ]
      : [];
  const short = options.changes.some((change) => change.short);
  const weighedOnly = !short;
  return compose(order, {
    publicUrl: options.publicUrl,
    subject: weighedOnly
      ? `Your order ${order.orderNumber} is weighed and packed: ${total}`
      : `A change to your order ${order.orderNumber}: some items were short`,
    title: weighedOnly ? "Your order is weighed and packed" : "Some items were short",
    paragraphs: weighedOnly
      ? [
          `We weighed the fresh produce in your order ${order.orderNumber} as we packed it. You pay for what was packed, never more than a little above what you ordered${isCash(order) ? "" : ", and never more than you paid"}.`,
          "Your order leaves our store shortly.",
        ]
      : [
          `While packing your order ${order.orderNumber}, we did not have enough of some items fresh enough to send you. You pay only for what we deliver.`,
          "Everything else is packed and leaves our store shortly.",
        ],
    highlight: [`New total: ${total}`, ...money],
    details: {
      heading: "What changed",
      rows: options.changes.map((change): DetailRow => [change.name, changeText(change)]),
    },
    action: "View your order",
  });
}
