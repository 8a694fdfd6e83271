export { feedbackRoutes } from "./feedback-routes.ts";
export { supportInboxRoutes } from "./inbox-routes.ts";
export { supportPersonalData } from "./personal-data.ts";
export { supportRoutes } from "./support-routes.ts";
export { ticketLinkKeyFrom } from "./ticket-link.ts";
export { RATING_EVENT } from "./voice-events.ts";
export { customerVoiceRoutes } from "./voice-routes.ts";
