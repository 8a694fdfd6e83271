export { findOwnOrder, findOwnWholeOrder, type Reader } from "./order-access.ts";
export { orderLink, orderLinkKeyFrom } from "./order-link.ts";
export { orderReader } from "./order-reader.ts";
export { type OrderEvent, orderEventRow, recordOrderEvent, timelineOf } from "./order-timeline.ts";
export {
  creditNoteRefOf,
  loadOrderView,
  paymentSummaryOf,
  toOrderView,
  viewOfWhole,
  type WholeOrder,
} from "./order-view.ts";
export { ordersPlugin } from "./orders-plugin.ts";
export { statusAtSql } from "./status-at.ts";
export { type OrderValues, type PaymentValues, writeOrder } from "./write-order.ts";
