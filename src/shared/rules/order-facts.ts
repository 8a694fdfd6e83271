// How an order's address and payment read wherever they are shown: the order page, its mails,
// the invoice and the credit note. The fallbacks are the spec's words for what is not known.
import { PAYMENT_METHOD_LABELS } from "../contracts/checkout.ts";
import type { OrderView } from "../contracts/orders.ts";
import { NAME_FALLBACK } from "./person-name.ts";

export const ORDER_FALLBACKS = {
  name: NAME_FALLBACK,
  address: /*i18n*/ "Address not provided",
  email: /*i18n*/ "Email not provided",
  phone: /*i18n*/ "Phone not provided",
} as const;

/** The delivery address as one line: the joined one, else built from its parts. */
export function deliveryAddressOf(
  order: Pick<OrderView, "shippingAddress" | "address" | "city" | "state" | "pincode">,
): string {
  const full = order.shippingAddress.trim();
  if (full) return full;
  const parts = [order.address, order.city, order.state, order.pincode].map((part) => part.trim());
  return parts.filter(Boolean).join(", ") || ORDER_FALLBACKS.address;
}

/** "UPI asha@okaxis", "Visa ending 1111"; the method's name when the order has no summary. */
export function paymentOf(order: Pick<OrderView, "paymentSummary" | "paymentMethod">): string {
  return order.paymentSummary.trim() || PAYMENT_METHOD_LABELS[order.paymentMethod];
}
