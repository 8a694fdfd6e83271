export { sendAlertDigests } from "./alert-digests.ts";
export { alertsPlugin } from "./alerts-plugin.ts";
