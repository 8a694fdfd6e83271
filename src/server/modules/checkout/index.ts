export { cashNetworkOf, forgetClosedNetworks } from "./cash-network.ts";
export { checkoutLanes } from "./checkout-lanes.ts";
export { checkoutPlugin } from "./checkout-plugin.ts";
export { largeOrderNoticeParts } from "./large-order-notices.ts";
export { confirmationMailFor } from "./order-confirmation-mail.ts";
export { type OrderEmail, orderPageLink } from "./order-email.tsx";
export { placeOrder } from "./place-order.ts";
export { createUnpaidOrderSweep } from "./unpaid-orders.ts";
