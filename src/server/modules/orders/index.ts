export { lineItemsSql } from "./line-items.ts";
export { findOwnOrder, findOwnWholeOrder, type Reader } from "./order-access.ts";
export { orderLink } from "./order-link.ts";
export {
  type OrderEvent,
  orderEventsInsert,
  recordOrderEvent,
  timelineFromSql,
  timelineOf,
} from "./order-timeline.ts";
export {
  creditNoteRefOf,
  loadOrderView,
  paymentSummaryOf,
  toOrderView,
  viewOfWhole,
  type WholeOrder,
} from "./order-view.ts";
export {
  closedNetworksForgotten,
  orderCashPaidOnDelivery,
  orderInvoiced,
  orderLineShortPicked,
  orderPaidPartSql,
  orderRefundedPartSql,
  orderRepriced,
  orderStatusChange,
  orderToCashPartSql,
  orderUnpaidCancelled,
} from "./order-writes.ts";
export { ordersPlugin } from "./orders-plugin.ts";
export { eraseExpiredRecipients, ordersPersonalData } from "./personal-data.ts";
export { statusAtSql } from "./status-at.ts";
export { type OrderValues, type PaymentValues, writeOrder } from "./write-order.ts";
