import fp from "fastify-plugin";
import type { DatabaseHandle } from "../../db/client.ts";
import type { App } from "../../http/types.ts";
import { createStaffEvents, type StaffEvents } from "./event-bus.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** Live dashboards and order pages: this instance's one LISTEN, fanned out to every stream. */
    live: StaffEvents;
  }
}

/** The live-update bus, as `app.live` for the modules whose pages follow it. */
export const livePlugin = fp(
  async (app: App, options: { database: DatabaseHandle }) => {
    const events = createStaffEvents(options.database, app.log);
    app.decorate("live", events);
    app.addHook("onReady", () => events.start());
    app.addHook("onClose", () => events.close());
  },
  { name: "live" },
);
