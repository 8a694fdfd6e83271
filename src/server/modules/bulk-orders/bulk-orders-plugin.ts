import type { FastifyBaseLogger } from "fastify";
import type { App } from "../../http/types.ts";
import { confirmationLink } from "./bulk-order-link.ts";
import { bulkOrderRoutes } from "./bulk-order-routes.ts";
import { bulkPipelineRoutes } from "./bulk-pipeline-routes.ts";
import { eventOutlookRoutes } from "./event-outlook-routes.ts";
import { advanceOwner } from "./pay-advance.ts";

type Options = Parameters<typeof bulkOrderRoutes>[1] & { log: FastifyBaseLogger };

/**
 * Event and bulk orders: the requester's form and page, Customer Relations' pipeline, and where
 * a captured advance goes (the request moves on when it is paid).
 */
export async function bulkOrdersPlugin(app: App, options: Options) {
  const linkFor = (ticketId: string) =>
    confirmationLink(options.config.publicUrl, options.linkSecret, ticketId);
  options.intake.declareOwner("bulkOrder", advanceOwner({ ...options, linkFor }));
  bulkPipelineRoutes(app, { ...options, linkFor });
  bulkOrderRoutes(app, options);
  eventOutlookRoutes(app, options);
}
