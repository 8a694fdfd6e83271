export { cashNetworkOf, forgetClosedNetworks } from "./cash-network.ts";
export { checkoutPlugin } from "./checkout-plugin.ts";
export { largeOrderNoticeEvent, largeOrderNoticeParts } from "./large-order-notices.ts";
export { type OrderEmail, orderPageLink } from "./order-email.tsx";
export { newOrderNumber } from "./order-number.ts";
export { placeOrder } from "./place-order.ts";
