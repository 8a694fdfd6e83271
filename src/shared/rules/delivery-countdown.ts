// Where an order stands against the 30-60 minute promise, as its page counts it down.
import { EARLIEST_MINUTES, PROMISED_MINUTES, promiseState } from "./order-fulfilment.ts";
import type { OrderStatus } from "./order-status.ts";

const MINUTE = 60_000;

export type DeliveryCountdown =
  /** The promise starts once the order is paid for. */
  | { kind: "awaiting_payment" }
  | { kind: "cancelled" }
  | { kind: "delivered"; at: string; onTime: boolean }
  /** On its way: expected between `earliest` and `latest`, `minutesLeft` until `latest`. */
  | { kind: "due"; earliest: string; latest: string; minutesLeft: number }
  | { kind: "late"; latest: string; minutesLate: number };

export function deliveryCountdown(
  order: { status: OrderStatus; placedAt: string; deliveredAt: string | null },
  now: Date,
): DeliveryCountdown {
  if (order.status === "awaiting_payment") return { kind: "awaiting_payment" };
  if (order.status === "cancelled") return { kind: "cancelled" };
  const placed = Date.parse(order.placedAt);
  if (order.status === "delivered") {
    return {
      kind: "delivered",
      at: order.deliveredAt ?? order.placedAt,
      onTime: promiseState(order, now) === "delivered_on_time",
    };
  }
  const latest = new Date(placed + PROMISED_MINUTES * MINUTE).toISOString();
  const left = placed + PROMISED_MINUTES * MINUTE - now.getTime();
  if (left < 0) return { kind: "late", latest, minutesLate: Math.floor(-left / MINUTE) };
  return {
    kind: "due",
    earliest: new Date(placed + EARLIEST_MINUTES * MINUTE).toISOString(),
    latest,
    // Rounded up: with 30 seconds to go the promise still has "1 min" left, never "0 min".
    minutesLeft: Math.ceil(left / MINUTE),
  };
}
