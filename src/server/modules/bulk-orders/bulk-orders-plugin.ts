import type { FastifyBaseLogger } from "fastify";
import fp from "fastify-plugin";
import type { App } from "../../http/types.ts";
import { confirmationLink } from "./bulk-order-link.ts";
import { bulkOrderRoutes } from "./bulk-order-routes.ts";
import { bulkPipelineRoutes } from "./bulk-pipeline-routes.ts";
import { createEventOrderPlacing } from "./event-order-placing.ts";
import { eventOutlookRoutes } from "./event-outlook-routes.ts";
import { advanceOwner } from "./pay-advance.ts";

type Options = Parameters<typeof bulkOrderRoutes>[1] & { log: FastifyBaseLogger };

/**
 * Event and bulk orders: the requester's form and page, Customer Relations' pipeline, where a
 * captured advance goes (the request moves on when it is paid), Inventory's outlook, and the
 * placing of confirmed event orders on the Sales board on their day (`app.eventOrders`; main.ts
 * starts it).
 */
export const bulkOrdersPlugin = fp(
  async (app: App, options: Options) => {
    const linkFor = (ticketId: string) =>
      confirmationLink(options.config.publicUrl, options.linkSecret, ticketId);
    options.intake.declareOwner("bulkOrder", advanceOwner({ ...options, linkFor }));
    const eventOrders = createEventOrderPlacing({ db: options.db, log: options.log });
    app.decorate("eventOrders", eventOrders);
    app.addHook("onClose", () => eventOrders.stop());
    await app.register(async (routes: App) => {
      bulkPipelineRoutes(routes, { ...options, linkFor });
      bulkOrderRoutes(routes, options);
      eventOutlookRoutes(routes, options);
    });
  },
  { name: "bulk-orders" },
);

declare module "fastify" {
  interface FastifyInstance {
    /** The placing of event orders on the board on their day (see createEventOrderPlacing). */
    eventOrders: ReturnType<typeof createEventOrderPlacing>;
  }
}
