import { COMMON_TEXTS } from "../../lib/common-texts.ts";

/** What the checkout page says while the cart is read. */
export const CHECKOUT_LOADING = /*i18n*/ "Loading checkout";

/** The checkout's section for paying, and the order's payment where its page says how it was paid. */
export const PAYMENT_HEADING = COMMON_TEXTS.payment;

/** Where an order placed at checkout is shown (and its payment finished). */
export const orderPagePath = (orderNumber: string) =>
  `/order-confirmation?order=${encodeURIComponent(orderNumber)}`;
