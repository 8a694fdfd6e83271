export const ORDER_STATUSES = [
  /** An online order whose payment has not come yet: its stock is held until it does or the hold ends. */
  "awaiting_payment",
  "placed",
  "confirmed",
  "packed",
  "out_for_delivery",
  "delivered",
  "cancelled",
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  awaiting_payment: /*i18n*/ "Awaiting payment",
  placed: /*i18n*/ "Placed",
  confirmed: /*i18n*/ "Confirmed",
  packed: /*i18n*/ "Packed",
  out_for_delivery: /*i18n*/ "Out for delivery",
  delivered: /*i18n*/ "Delivered",
  cancelled: /*i18n*/ "Cancelled",
};

export const PAYMENT_STATUSES = ["pending", "paid", "failed", "refunded"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** Where an order's money stands, as the invoice, the packing slip and the dashboards say it. */
export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  pending: /*i18n*/ "Payment pending",
  paid: /*i18n*/ "Paid",
  failed: /*i18n*/ "Payment failed",
  refunded: /*i18n*/ "Refunded",
};

/** A payment record's state in words; a record of a checkout given up reads "cancelled". */
export function paymentRecordLabel(status: string): string {
  if (status === "cancelled") return "Cancelled";
  return (PAYMENT_STATUSES as readonly string[]).includes(status)
    ? PAYMENT_STATUS_LABELS[status as PaymentStatus]
    : "Unknown";
}

/**
 * An order's payment as the orders export writes it: a cash order cancelled before its money was
 * collected (on the road, say) was never going to be paid, so it reads "Not collected", not
 * "Payment pending"; every other payment reads its status's label.
 */
export function exportedPaymentStatus(order: {
  status: string;
  paymentMethod: string;
  paymentStatus: string;
}): string {
  if (
    order.paymentMethod === "cash" &&
    order.status === "cancelled" &&
    order.paymentStatus === "pending"
  ) {
    return "Not collected";
  }
  return PAYMENT_STATUS_LABELS[order.paymentStatus as PaymentStatus] ?? "Unknown";
}
