export { findOwnOrder, findOwnWholeOrder, type Reader } from "./order-access.ts";
export { orderLink, orderLinkKeyFrom } from "./order-link.ts";
export { type OrderEvent, orderEventRow, recordOrderEvent, timelineOf } from "./order-timeline.ts";
export {
  creditNoteRefOf,
  loadOrderView,
  paymentSummaryOf,
  toOrderView,
  viewOfWhole,
  type WholeOrder,
} from "./order-view.ts";
export { ordersRoutes } from "./orders-routes.ts";
export { eraseExpiredRecipients, ordersPersonalData } from "./personal-data.ts";
export { statusAtSql } from "./status-at.ts";
export { type OrderValues, type PaymentValues, writeOrder } from "./write-order.ts";
