export { bulkAlerts } from "./bulk-alerts.ts";
export { bulkLinkKeyFrom } from "./bulk-order-link.ts";
export { bulkOrdersPlugin } from "./bulk-orders-plugin.ts";
export { type EventOrderSteps, eventOrderStepsFor, placeDueEventOrders } from "./event-orders.ts";
export { bulkOrdersPersonalData } from "./personal-data.ts";
