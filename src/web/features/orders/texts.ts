// What the shopper reads about an order's progress and its GST documents, in one place.
import { formatQuantity, isWeighed } from "../../../shared/rules/measure.ts";
import { PROMISED_MINUTES } from "../../../shared/rules/order-fulfilment.ts";
import { STORE } from "../../../shared/store-info.ts";

export const ORDER_TEXT = {
  confirmed: "Order Confirmed!",
  /** An online order whose time to pay ran out. */
  cancelled: "Order cancelled",
  creditNotes: "Credit notes",
  creditNotesHint: "Issued for what was cancelled, not delivered or refunded after the invoice.",
  creditNote: (number: string) => `Credit note ${number}`,
  downloadPdf: "Download PDF",
  /** Read after "Download PDF", for a screen reader: which document. */
  pdfOfCreditNote: (number: string) => ` of credit note ${number}`,
  pdfOfInvoice: (orderNumber: string) => ` of the invoice for ${orderNumber}`,
  /** A line packed short: what was ordered, beside what is supplied ("(ordered 3)", "(ordered 1 kg)"). */
  ordered: (quantity: number, unit: string) =>
    `(ordered ${isWeighed(unit) ? formatQuantity(quantity, unit) : quantity})`,
  /** A weighed line charged for other than the scale read. */
  chargedFor: (quantity: string) => `Charged for ${quantity}.`,
} as const;

/** The order's own page: where it is, when it will arrive, and whether it is updating live. */
export const TRACKING_TEXT = {
  title: (orderNumber: string) => `Order ${orderNumber}`,
  loading: "Loading your order",
  notFoundTitle: "We could not find this order here",
  notFoundHint: (orderNumber: string) =>
    `Order ${orderNumber} can be viewed from the browser it was placed in, or when signed in to the account that placed it. The link in its confirmation email opens it in any browser.`,
  trackLink: "Track your order",
  progress: "Progress",
  notYet: "Not yet",
  documents: "Invoice and credit notes",
  invoice: "Download Invoice",
  gstInvoice: (number: string) => `GST invoice ${number}`,
  proforma: "Proforma invoice: the GST invoice is issued when your order leaves our store.",
  noInvoice: "No invoice: this order was never paid for.",
  cancelledBeforeInvoice:
    "Proforma invoice: the order was cancelled before it left our store, so no GST invoice was issued.",
  nothingCharged: "Nothing was charged for this order.",
  details: "Order details",
  deliverTo: "Deliver to",
  payment: "Payment",
  deliveryAgent: "Delivery agent",
  arrivingBy: (time: string) => `Arriving by ${time}`,
  minutesLeft: (minutes: number) => `${minutes} min left`,
  expectedBetween: (from: string, to: string) =>
    `Expected between ${from} and ${to}: within ${STORE.deliveryPromise} of your order.`,
  late: "Running a little late",
  lateBy: (time: string, minutes: number) =>
    `It was due by ${time}${minutes > 0 ? `, ${minutes} min ago` : ""}. We are on it; the delivery desk can tell you where it is.`,
  deliveredAt: (time: string) => `Delivered at ${time}`,
  deliveredOnTime: `On time, within our ${STORE.deliveryPromise} promise.`,
  deliveredLate: `Later than our ${PROMISED_MINUTES}-minute promise: we are sorry.`,
  awaitingPayment: "Waiting for your payment",
  awaitingPaymentHint: "The delivery promise starts once your payment has come through.",
  payNowLink: "Complete your payment",
  cancelledBecause: (reason: string) => `Reason: ${reason}`,
  refundOnItsWay: (amount: string, to: string, time: string) =>
    `Refund of ${amount} to your ${to}: on its way, within ${time}.`,
  refunded: (amount: string, to: string) => `${amount} refunded to your ${to}`,
  live: "Live updates",
  liveHint: "This page updates by itself as your order moves.",
  connecting: "Connecting…",
  paused: "Live updates paused",
  pausedHint:
    "The live connection dropped. The page will catch up once it is back; reload to check now.",
} as const;
