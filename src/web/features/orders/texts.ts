// What the shopper reads about an order's progress and its GST documents, in one place: marked
// for the orders catalogue, shown with `i18n._(TEXT, values)` (decision 56).

export const ORDER_TEXT = {
  confirmed: /*i18n*/ "Order Confirmed!",
  /** An online order whose time to pay ran out. */
  cancelled: /*i18n*/ "Order cancelled",
  creditNotes: /*i18n*/ "Credit notes",
  creditNotesHint:
    /*i18n*/ "Issued for what was cancelled, not delivered or refunded after the invoice.",
  /** `{number}`: the credit note's number. */
  creditNote: /*i18n*/ "Credit note {number}",
  downloadPdf: /*i18n*/ "Download PDF",
  /** Read after "Download PDF" (and a space), for a screen reader: which document. */
  pdfOfCreditNote: /*i18n*/ "of credit note {number}",
  pdfOfInvoice: /*i18n*/ "of the invoice for {orderNumber}",
  /**
   * A line packed short: what was ordered, beside what is supplied ("(ordered 3)", "(ordered
   * 1 kg)"). `{quantity}`: the count, or the weight with its unit.
   */
  ordered: /*i18n*/ "(ordered {quantity})",
  /** A weighed line charged for other than the scale read. `{quantity}`: "2 kg". */
  chargedFor: /*i18n*/ "Charged for {quantity}.",
} as const;

/** The order's own page: where it is, when it will arrive, and whether it is updating live. */
export const TRACKING_TEXT = {
  title: /*i18n*/ "Order {orderNumber}",
  loading: /*i18n*/ "Loading your order",
  notFoundTitle: /*i18n*/ "We could not find this order here",
  notFoundHint:
    /*i18n*/ "Order {orderNumber} can be viewed from the browser it was placed in, or when signed in to the account that placed it. The link in its confirmation email opens it in any browser.",
  trackLink: /*i18n*/ "Track your order",
  progress: /*i18n*/ "Progress",
  notYet: /*i18n*/ "Not yet",
  documents: /*i18n*/ "Invoice and credit notes",
  invoice: /*i18n*/ "Download Invoice",
  gstInvoice: /*i18n*/ "GST invoice {number}",
  proforma:
    /*i18n*/ "Proforma invoice: the GST invoice is issued when your order leaves our store.",
  noInvoice: /*i18n*/ "No invoice: this order was never paid for.",
  cancelledBeforeInvoice:
    /*i18n*/ "Proforma invoice: the order was cancelled before it left our store, so no GST invoice was issued.",
  nothingCharged: /*i18n*/ "Nothing was charged for this order.",
  details: /*i18n*/ "Order details",
  deliveryAgent: /*i18n*/ "Delivery agent",
  /** `{time}`: "7:45 pm". */
  arrivingBy: /*i18n*/ "Arriving by {time}",
  minutesLeft: /*i18n*/ "{minutes} min left",
  /** `{promise}`: the store's delivery promise ("30-60 minutes", the shell's text). */
  expectedBetween: /*i18n*/ "Expected between {from} and {to}: within {promise} of your order.",
  late: /*i18n*/ "Running a little late",
  lateBy:
    /*i18n*/ "It was due by {time}, {minutes} min ago. We are on it; the delivery desk can tell you where it is.",
  /** Late by less than a minute. */
  lateJustNow:
    /*i18n*/ "It was due by {time}. We are on it; the delivery desk can tell you where it is.",
  deliveredAt: /*i18n*/ "Delivered at {time}",
  deliveredOnTime: /*i18n*/ "On time, within our {promise} promise.",
  deliveredLate: /*i18n*/ "Later than our {minutes}-minute promise: we are sorry.",
  awaitingPayment: /*i18n*/ "Waiting for your payment",
  awaitingPaymentHint: /*i18n*/ "The delivery promise starts once your payment has come through.",
  payNowLink: /*i18n*/ "Complete your payment",
  cancelledBecause: /*i18n*/ "Reason: {reason}",
  /** `{to}`: how it was paid ("UPI"); `{time}`: "5-7 working days". */
  refundOnItsWay: /*i18n*/ "Refund of {amount} to your {to}: on its way, within {time}.",
  refunded: /*i18n*/ "{amount} refunded to your {to}",
  live: /*i18n*/ "Live updates",
  liveHint: /*i18n*/ "This page updates by itself as your order moves.",
  connecting: /*i18n*/ "Connecting…",
  paused: /*i18n*/ "Live updates paused",
  pausedHint:
    /*i18n*/ "The live connection dropped. The page will catch up once it is back; reload to check now.",
} as const;
