import type { App } from "../../http/types.ts";
import { feedbackRoutes } from "./feedback-routes.ts";
import { supportInboxRoutes } from "./inbox-routes.ts";
import { ticketPresenceRoutes } from "./presence-routes.ts";
import { savedRepliesRoutes } from "./saved-replies-routes.ts";
import { supportRoutes } from "./support-routes.ts";
import { customerVoiceRoutes } from "./voice-routes.ts";

type Options = Parameters<typeof supportRoutes>[1] & Parameters<typeof supportInboxRoutes>[1];

/** Tickets, feedback and ratings: the customers' side and Customer Relations' inbox. */
export async function supportPlugin(app: App, options: Options) {
  feedbackRoutes(app, options.db);
  supportRoutes(app, options);
  supportInboxRoutes(app, options);
  ticketPresenceRoutes(app, options.db);
  savedRepliesRoutes(app, options.db);
  customerVoiceRoutes(app, options);
}
