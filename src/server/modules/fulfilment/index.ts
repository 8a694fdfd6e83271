export { customerOrders } from "./customer-orders.ts";
export { rollUpClosedDays } from "./figures/order-rollup.ts";
export { fulfilmentPlugin } from "./fulfilment-plugin.ts";
export { countLateOrders } from "./late-orders.ts";
export { invoiceHtml } from "./order-documents.ts";
export {
  askForRefund,
  type CustomerOfTicket,
  refundRequestsOfTicket,
} from "./refund-requests.ts";
export { returnLinesToStock } from "./return-to-stock.ts";
export { salesAlerts } from "./sales-alerts.ts";
export { statusMailsFor } from "./status-mails-for.ts";
