// How an order moves through the shop, in the words the sales manager and the shopper read.
import { formatRupees } from "../money.ts";
import { eventOrderDeadline } from "./event-orders.ts";
import type { OrderStatus } from "./order-status.ts";

/** The forward moves a manager makes; cancelling is its own action with a reason. */
export const FORWARD_MOVES = ["confirmed", "packed", "out_for_delivery", "delivered"] as const;
export type ForwardMove = (typeof FORWARD_MOVES)[number];

/** The state an order must be in for each forward move. */
export const MOVE_FROM: Record<ForwardMove, OrderStatus> = {
  confirmed: "placed",
  packed: "confirmed",
  out_for_delivery: "packed",
  delivered: "out_for_delivery",
};

/** What the board's button says for the next move from a state. */
export const MOVE_LABELS: Record<ForwardMove, string> = {
  confirmed: "Confirm",
  packed: "Mark packed",
  out_for_delivery: "Out for delivery",
  delivered: "Mark delivered",
};

/**
 * Moves that cannot be taken back: leaving the store issues the GST invoice's number, delivery
 * records cash as paid. The board holds each for UNDO_SECONDS, with an Undo, before sending it.
 */
export const IRREVERSIBLE_MOVES: readonly ForwardMove[] = ["out_for_delivery", "delivered"];
export const UNDO_SECONDS = 5;

export function nextMove(status: OrderStatus): ForwardMove | undefined {
  return FORWARD_MOVES.find((move) => MOVE_FROM[move] === status);
}

/** Every state before delivery may be cancelled. */
export const CANCELLABLE: readonly OrderStatus[] = [
  "placed",
  "confirmed",
  "packed",
  "out_for_delivery",
];

/** The reasons a manager chooses from when cancelling. */
export const CANCEL_REASONS = [
  "out_of_stock",
  "customer_request",
  "address_unreachable",
  "other",
] as const;
export type CancelReason = (typeof CANCEL_REASONS)[number];

/** Every reason an order may have been cancelled for: the store cancels unpaid holds itself. */
export const ORDER_CANCEL_REASONS = [...CANCEL_REASONS, "unpaid"] as const;
export type OrderCancelReason = (typeof ORDER_CANCEL_REASONS)[number];

export const CANCEL_REASON_LABELS: Record<OrderCancelReason, string> = {
  out_of_stock: "Out of stock at packing",
  customer_request: "Customer request",
  address_unreachable: "Address not reachable",
  other: "Other",
  unpaid: "Not paid in time",
};

/** How long a refund takes to reach the shopper's payment once sent. */
export const REFUND_TIME = /*i18n*/ "5-7 working days";

export const FULFILMENT_MESSAGES = {
  /** `since` says when, and by whom when a member moved it: "30 Nov 2026, 8:04 am (Rakesh Mohanty)". */
  alreadyMoved: (status: string, since?: string) =>
    `This order has already moved: it is now ${status}${since ? `, since ${since}` : ""}. The board shows it as it is now.`,
  movedSince: (at: string, by: string | null) => (by ? `${at} (${by})` : at),
  notFound: "No order has that number.",
  noteRequired: "Please say why the order is cancelled.",
  noCreditNote: "This order has no credit note with that number.",
  refundPaid: (amountPaise: number, reference: string) =>
    `${formatRupees(amountPaise)} refunded to the shopper's payment (${reference}).`,
  shortPickOnlyWhenPacking: "Lines can be short-picked only when the order is packed.",
  shortPickUnknownLine: (productId: string) => `This order has no line for ${productId}.`,
  shortPickMore: (name: string, ordered: number) => `${name}: pick at most the ${ordered} ordered.`,
  shortPickNothingLeft:
    "Nothing would be left to deliver. Cancel the order instead, with the reason out of stock.",
  shortPickReason:
    "Please say why fewer were packed: not on the shelf, spoiled, damaged or miscounted.",
} as const;

/**
 * Why a line was packed short, and what the ledger then records: the stock the shop thought it
 * had was not there (a count correction), or it was there but not fit to sell (a write-off).
 */
export const SHORT_PICK_REASONS = ["not_on_shelf", "spoiled", "damaged", "miscounted"] as const;
export type ShortPickReason = (typeof SHORT_PICK_REASONS)[number];

export const SHORT_PICK_REASON_LABELS: Record<ShortPickReason, string> = {
  not_on_shelf: "Not on the shelf",
  spoiled: "Spoiled",
  damaged: "Damaged",
  miscounted: "Miscounted",
};

/** A short pick's units leave the shelf's count as a correction, or as a write-off with this reason. */
export const SHORT_PICK_LEDGER: Record<
  ShortPickReason,
  { kind: "count" } | { kind: "write_off"; reason: "spoiled" | "damaged" }
> = {
  not_on_shelf: { kind: "count" },
  miscounted: { kind: "count" },
  spoiled: { kind: "write_off", reason: "spoiled" },
  damaged: { kind: "write_off", reason: "damaged" },
};

// ---------------------------------------------------------------------------------------------
// The 30-60 minute promise

/** Minutes from placing after which an order not yet out for delivery is at risk. */
export const AT_RISK_AFTER_MINUTES = 40;
/** Minutes from placing before which no order is expected (the promise's inner bound). */
export const EARLIEST_MINUTES = 30;
/** Minutes from placing by which an order should be delivered (the promise's outer bound). */
export const PROMISED_MINUTES = 60;

export const PROMISE_STATES = [
  "on_time",
  "at_risk",
  "late",
  "delivered_on_time",
  "delivered_late",
  "cancelled",
] as const;
export type PromiseState = (typeof PROMISE_STATES)[number];

export const PROMISE_LABELS: Record<PromiseState, string> = {
  on_time: "On time",
  at_risk: "At risk",
  late: "Late",
  delivered_on_time: "Delivered on time",
  delivered_late: "Delivered late",
  cancelled: "Cancelled",
};

const MINUTE = 60_000;

/**
 * Where an order stands against the promise: late once 60 minutes have passed undelivered, at
 * risk past 40 minutes while it has not left the store, on time otherwise. An event order's
 * promise is its day: on time until the day ends in India.
 */
export function promiseState(
  order: {
    status: OrderStatus;
    placedAt: string;
    deliveredAt?: string | null;
    eventTicket?: string | null;
  },
  now: Date,
): PromiseState {
  const placed = Date.parse(order.placedAt);
  if (order.status === "cancelled") return "cancelled";
  const deadline = order.eventTicket
    ? eventOrderDeadline(new Date(placed)).getTime()
    : placed + PROMISED_MINUTES * MINUTE;
  if (order.status === "delivered") {
    const delivered = order.deliveredAt ? Date.parse(order.deliveredAt) : placed;
    return delivered <= deadline ? "delivered_on_time" : "delivered_late";
  }
  if (order.eventTicket) return now.getTime() > deadline ? "late" : "on_time";
  const age = now.getTime() - placed;
  if (age > PROMISED_MINUTES * MINUTE) return "late";
  if (age > AT_RISK_AFTER_MINUTES * MINUTE && order.status !== "out_for_delivery") return "at_risk";
  return "on_time";
}

/** "12 min", "1 h 05 min": an order's age on the board. */
export function formatAge(milliseconds: number): string {
  const minutes = Math.max(0, Math.floor(milliseconds / MINUTE));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours >= 48) return `${Math.floor(hours / 24)} days`;
  return `${hours} h ${String(minutes % 60).padStart(2, "0")} min`;
}
