export { supportPersonalData } from "./personal-data.ts";
export { ticketAlerts } from "./relations-alerts.ts";
export { supportPlugin } from "./support-plugin.ts";
export { ticketLinkKeyFrom } from "./ticket-link.ts";
export { RATING_EVENT } from "./voice-events.ts";
