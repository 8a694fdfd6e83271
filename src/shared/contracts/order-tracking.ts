import { z } from "zod";
import { ORDER_STATUSES } from "../rules/order-status.ts";
import { orderViewSchema } from "./orders.ts";

// The order's own page: where it is, when it got there, and what happens to any money owed back.

/** The web page of an order, linked from the confirmation page and the status emails. */
export const orderTrackingPath = (orderNumber: string) =>
  `/orders/${encodeURIComponent(orderNumber)}`;

export const orderTrackingApiPath = (orderNumber: string) =>
  `/api/orders/${encodeURIComponent(orderNumber)}/tracking`;

/** The order's live stream (server-sent events): only ever about that one order. */
export const orderEventsPath = (orderNumber: string) =>
  `/api/orders/${encodeURIComponent(orderNumber)}/events`;

/** The states an order goes through on its way to the door, in order. */
export const TRACKING_STEPS = [
  "placed",
  "confirmed",
  "packed",
  "out_for_delivery",
  "delivered",
] as const;

export const orderTrackingSchema = z.object({
  order: orderViewSchema,
  /**
   * Each state on the way with when it was reached (null: not yet). A cancelled order lists the
   * states it reached, then its cancellation.
   */
  steps: z.array(z.object({ status: z.enum(ORDER_STATUSES), at: z.string().nullable() })),
  deliveredAt: z.string().nullable(),
  /** Why the shop cancelled it, in the shopper's words; null unless cancelled. */
  cancelReason: z.string().nullable(),
  /** Money going back to the shopper's online payment. */
  refunds: z.array(
    z.object({
      amountPaise: z.number().int(),
      /** "refunded" once the provider says the money is back; "in_progress" until then. */
      state: z.enum(["in_progress", "refunded"]),
      at: z.string(),
      refundedAt: z.string().nullable(),
    }),
  ),
  /** The server's clock when it answered, so the countdown does not trust the device's. */
  now: z.string(),
});
export type OrderTracking = z.infer<typeof orderTrackingSchema>;

/**
 * What the stream says: the order changed (read it again), or changes may have been missed
 * while the server's database connection was down (read it again too). Never the order itself.
 */
export const orderStreamEventSchema = z.object({
  orderNumber: z.string(),
  change: z.enum(["changed", "resync"]),
});
export type OrderStreamEvent = z.infer<typeof orderStreamEventSchema>;

/** Open streams one order may have at once per store instance (tabs, devices). */
export const MAX_STREAMS_PER_ORDER = 5;

export const ORDER_STREAM_MESSAGES = {
  tooManyStreams: `This order is open in too many windows. Please close some (at most ${MAX_STREAMS_PER_ORDER}).`,
} as const;
