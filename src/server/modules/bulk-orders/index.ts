export { bulkAlerts } from "./bulk-alerts.ts";
export { bulkLinkKeyFrom } from "./bulk-order-link.ts";
export { bulkOrdersPlugin } from "./bulk-orders-plugin.ts";
export { bulkOrdersPersonalData } from "./personal-data.ts";
