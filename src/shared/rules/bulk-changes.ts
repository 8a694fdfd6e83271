// Changes to an event order after its advance: the planner (through the emailed link) or the desk
// changes its lines until 24 hours before it reaches the board on its day. The advance stays half
// of the quote: a larger quote asks for the difference online, a smaller one gives back what was
// paid beyond the new advance. Once processing has begun, the terms' fee is kept on what is taken
// off, as if that part were cancelled.
import { DEFAULT_LOCALE, type Locale } from "../i18n/locales.ts";
import { formatRupees } from "../money.ts";
import {
  advanceFor,
  type BulkStatus,
  CANCELLATION_FEE_PERCENT,
  FINAL_CHANGES_HOURS,
  processingBegun,
} from "./bulk-order-status.ts";
import { EVENT_ORDER_BOARD_HOUR } from "./event-orders.ts";
import { formatShopDateTime, shopDayStart } from "./shop-time.ts";

const HOUR_MS = 60 * 60 * 1000;

/** The states in which an order's lines may change (before the advance, the desk quotes again). */
export const CHANGEABLE_STATUSES = ["advance_paid", "confirmed"] as const;

/** The last moment a change reaches the shop: 24 hours before the order reaches the board. */
export function changesCloseAt(deliveryDate: string): Date {
  return new Date(
    shopDayStart(deliveryDate).getTime() + (EVENT_ORDER_BOARD_HOUR - FINAL_CHANGES_HOURS) * HOUR_MS,
  );
}

/** Whether this order's lines may change now (an order already on the board may not). */
export function linesChangeable(status: BulkStatus, deliveryDate: string, now: Date): boolean {
  return (
    (CHANGEABLE_STATUSES as readonly BulkStatus[]).includes(status) &&
    now < changesCloseAt(deliveryDate)
  );
}

export type ChangeMoney = {
  /** Kept under the terms for what was taken off after processing began. */
  feeAddedPaise: number;
  /** Paid back through the provider now: what was paid beyond the new advance. */
  refundPaise: number;
  /** Asked for online now: what the new advance lacks (nothing for approved cash on delivery). */
  dueNowPaise: number;
};

type ChangedLine = { productId: string; quantity: number; taxablePaise: number; gstPaise: number };

/**
 * What the goods taken off were worth at the prices they were quoted at (GST included): the
 * quantities lowered and the products removed. A lower price is not goods taken off.
 */
export function valueTakenOff(before: readonly ChangedLine[], after: readonly ChangedLine[]) {
  const kept = new Map(after.map((line) => [line.productId, line.quantity]));
  return before.reduce((total, line) => {
    const removed = Math.max(0, line.quantity - (kept.get(line.productId) ?? 0));
    return total + Math.round(((line.taxablePaise + line.gstPaise) * removed) / line.quantity);
  }, 0);
}

/**
 * The money of a change to a quote of `toPaise`. `paidPaise` is what was paid and not given back;
 * `feePaise` what was already kept as fees, so the rest counts toward the goods.
 */
export function changeMoney(change: {
  status: BulkStatus;
  takenOffPaise: number;
  toPaise: number;
  paidPaise: number;
  feePaise: number;
  cashOnDelivery: boolean;
}): ChangeMoney {
  const feeAddedPaise = processingBegun(change.status)
    ? Math.ceil((change.takenOffPaise * CANCELLATION_FEE_PERCENT) / 100)
    : 0;
  const after = {
    quotePaise: change.toPaise,
    paidPaise: change.paidPaise,
    feePaise: change.feePaise + feeAddedPaise,
    cashOnDelivery: change.cashOnDelivery,
  };
  const advance = change.cashOnDelivery ? 0 : advanceFor(change.toPaise);
  return {
    feeAddedPaise,
    refundPaise: Math.max(0, towardGoods(after) - advance),
    dueNowPaise: differenceDue(after),
  };
}

/** What was paid toward the goods: what was paid, less the fees kept (never below nothing). */
function towardGoods(order: { paidPaise: number; feePaise: number }): number {
  return Math.max(0, order.paidPaise - order.feePaise);
}

/**
 * What the advance of the order as it stands lacks, asked for online; a fee beyond what was paid
 * and an approved cash-on-delivery order's whole amount are collected with the balance instead.
 */
export function differenceDue(order: {
  quotePaise: number;
  paidPaise: number;
  feePaise: number;
  cashOnDelivery: boolean;
}): number {
  if (order.cashOnDelivery) return 0;
  return Math.max(0, advanceFor(order.quotePaise) - towardGoods(order));
}

/** What is left to pay for the goods: the quote and the fees kept, less what was paid. */
export function balanceOf(quotePaise: number, feePaise: number, paidPaise: number): number {
  return Math.max(0, quotePaise + feePaise - paidPaise);
}

/**
 * The planner's and the desk's words for a change, in one place. A text with values is written
 * in English with `fill` (the desk, the mails, the server's answers) and shown on the planner's
 * page with `i18n._(text, values)`.
 */
export const CHANGE_TEXT = {
  heading: /*i18n*/ "Change your order",
  deskHeading: "Change the lines",
  /** With `untilValues`. */
  until: /*i18n*/ "You can change products and quantities until {closesAt}.",
  /** With FEE_NOTE_VALUES. */
  feeNote:
    /*i18n*/ "Processing has begun: {percent}% of what you take off is kept under the terms.",
  closed: (ticketId: string, deliveryDate: string) =>
    `Changes to ${ticketId} closed at ${formatShopDateTime(changesCloseAt(deliveryDate).toISOString())}, ${FINAL_CHANGES_HOURS} hours before delivery. Please call us.`,
  notChangeable: (ticketId: string, status: string) =>
    `${ticketId} is ${status}: its lines cannot be changed now.`,
  unchanged: /*i18n*/ "Nothing has changed: please change a quantity, or add or remove a product",
  submit: /*i18n*/ "Save the changes",
  saved: /*i18n*/ "{ticketId} has been changed",
  /** `amount` in rupees. */
  dueNow: /*i18n*/ "Pay the difference of {amount}",
  /** Said of a difference left unpaid, in the mail and on the card. */
  otherwiseOnDelivery: /*i18n*/ "Otherwise it is collected with the balance on delivery.",
  differenceOnline:
    /*i18n*/ "The difference is paid online, or collected with the balance on delivery.",
  differencePaid: /*i18n*/ "Payment received: your changed order is paid for.",
  /** The server's answer (`fill`ed), read back by the planner's page. */
  lumpSum:
    /*i18n*/ "{ticketId} was quoted as one amount, not product by product: please call us to change it.",
  /** `amount` in rupees; `method` how the advance was paid, or `refundMethod`. */
  refund: /*i18n*/ "{amount} goes back to your {method} within 5-7 working days.",
  refundMethod: /*i18n*/ "payment method",
  fee: (paise: number) => `${formatRupees(paise)} is kept under the terms for what was taken off.`,
  /** `amount` in rupees. */
  newTotal: /*i18n*/ "The new total is {amount}.",
} as const;

/** The values of `CHANGE_TEXT.feeNote`. */
export const FEE_NOTE_VALUES = { percent: CANCELLATION_FEE_PERCENT } as const;

/** The values of `CHANGE_TEXT.until`: when changes close, written in `locale` (English by default). */
export const untilValues = (deliveryDate: string, locale: Locale = DEFAULT_LOCALE) => ({
  closesAt: formatShopDateTime(changesCloseAt(deliveryDate).toISOString(), locale),
});
