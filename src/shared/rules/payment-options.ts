import { BULK_PAYMENT_METHODS, type BulkPaymentMethod } from "../contracts/bulk-orders.ts";
import { PAYMENT_METHODS, type PaymentMethod } from "../contracts/checkout.ts";

/** What a store without a payment provider answers an online method with. */
export const ONLINE_PAYMENT_UNAVAILABLE =
  "Online payment is not available yet. Please choose cash on delivery.";

/** What checkout and the bulk advance card say when cash on delivery is the only way to pay. */
export const CASH_ONLY_NOTE =
  /*i18n*/ "Online payment is not available yet: you pay in cash when your order is delivered.";

/** The checkout's payment methods: all of them with a payment provider, else cash on delivery. */
export const offeredPaymentMethods = (onlinePayments: boolean): PaymentMethod[] =>
  onlinePayments ? [...PAYMENT_METHODS] : ["cash"];

/** The same for a bulk order's advance (cash on delivery there still needs the team's approval). */
export const offeredBulkPaymentMethods = (onlinePayments: boolean): BulkPaymentMethod[] =>
  onlinePayments ? [...BULK_PAYMENT_METHODS] : ["cash_on_delivery"];
