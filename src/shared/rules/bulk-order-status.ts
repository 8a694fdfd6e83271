// The life of a bulk order, as the terms describe it: review, quote, advance, confirmation.

export const BULK_STATUSES = [
  "awaiting_review",
  "awaiting_payment",
  "advance_paid",
  "confirmed",
  "delivered",
  "cancelled",
] as const;
export type BulkStatus = (typeof BULK_STATUSES)[number];

export const BULK_STATUS_LABELS: Record<BulkStatus, string> = {
  awaiting_review: /*i18n*/ "Awaiting Review",
  awaiting_payment: /*i18n*/ "Awaiting Payment",
  advance_paid: /*i18n*/ "Advance Paid",
  confirmed: /*i18n*/ "Confirmed",
  delivered: /*i18n*/ "Delivered",
  cancelled: /*i18n*/ "Cancelled",
};

/** The share of the quote paid before the shop buys from the farms. */
export const ADVANCE_PERCENT = 50;

/** The share of the order kept when it is cancelled after processing has begun. */
export const CANCELLATION_FEE_PERCENT = 25;

/** The last changes to a bulk order reach the shop this many hours before delivery. */
export const FINAL_CHANGES_HOURS = 24;

/** 50% of the quote, rounded up to the paisa so the two halves never fall short of the quote. */
export function advanceFor(quotePaise: number): number {
  return Math.ceil((quotePaise * ADVANCE_PERCENT) / 100);
}

/** Staff may price a request until its advance is paid (a second quote replaces the first). */
export function canQuote(status: BulkStatus): boolean {
  return status === "awaiting_review" || status === "awaiting_payment";
}

/** The advance can be paid only against a quote, once. */
export function canPayAdvance(status: BulkStatus): boolean {
  return status === "awaiting_payment";
}

/**
 * Processing begins when the shop confirms the order and buys from the farms: cancelled before
 * that, the advance goes back in full; after it, the terms' fee is kept (never more than was paid).
 */
export function processingBegun(status: BulkStatus): boolean {
  return status === "confirmed";
}

/** `keptPaise`: fees already kept for goods taken off by earlier changes (part of what was paid). */
export function cancellationTerms(
  status: BulkStatus,
  quotePaise: number | null,
  paidPaise: number,
  keptPaise = 0,
): { feePaise: number; refundPaise: number } {
  const due =
    (processingBegun(status)
      ? Math.ceil(((quotePaise ?? 0) * CANCELLATION_FEE_PERCENT) / 100)
      : 0) + keptPaise;
  const fee = Math.min(Math.max(0, paidPaise), due);
  return { feePaise: fee, refundPaise: Math.max(0, paidPaise - fee) };
}

/** The moves Customer Relations makes, from the states each starts from. */
export const BULK_MOVES_FROM = {
  confirm: ["advance_paid"],
  deliver: ["confirmed"],
  cancel: ["awaiting_review", "awaiting_payment", "advance_paid", "confirmed"],
} as const satisfies Record<string, readonly BulkStatus[]>;

/** Requests not yet confirmed this close to their event are flagged on the pipeline. */
export const BULK_URGENT_HOURS = 48;

export function isBulkUrgent(status: BulkStatus, hoursToEvent: number): boolean {
  const open =
    status === "awaiting_review" || status === "awaiting_payment" || status === "advance_paid";
  return open && hoursToEvent <= BULK_URGENT_HOURS;
}

export { eventTypeText } from "./event-types.ts";
