// The one definition of an order count, for every figure the shop reads: the cards, the charts,
// the payment mix, the average order and the exports.

/** The rule in the words the dashboard shows above its figures. */
export const ORDER_COUNT_RULE =
  "An order counts once it is placed and not cancelled; cancelled orders are counted apart. Revenue is what those orders charged, net of short picks and refunds. Each order counts on the India day it was placed.";

/**
 * Whether an order counts in the figures' orders and revenue: placed (not an unpaid hold still
 * awaiting its payment) and not cancelled. A hold cancelled unpaid never counts, even among the
 * cancellations: it was a basket left at the till.
 */
export function countsAsOrder(status: string): boolean {
  return status !== "awaiting_payment" && status !== "cancelled";
}

/** The share of placed orders that were cancelled; null with none placed. */
export function cancellationRate(orders: number, cancelled: number): number | null {
  return orders + cancelled > 0 ? cancelled / (orders + cancelled) : null;
}

/** Revenue per order counted; null with none. */
export function averageOrderPaise(revenuePaise: number, orders: number): number | null {
  return orders > 0 ? Math.round(revenuePaise / orders) : null;
}
