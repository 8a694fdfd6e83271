export { bulkAlerts } from "./bulk-alerts.ts";
export { bulkLinkKeyFrom } from "./bulk-order-link.ts";
export { bulkOrdersPlugin } from "./bulk-orders-plugin.ts";
export { placeDueEventOrders } from "./event-order-placing.ts";
export { type EventOrderSteps, eventOrderStepsFor } from "./event-order-steps.ts";
export { bulkOrdersPersonalData } from "./personal-data.ts";
