import fp from "fastify-plugin";
import type { Database } from "../../db/client.ts";
import type { App } from "../../http/types.ts";
import { createHousekeeping } from "./housekeeping.ts";

/** Pruning old records, as `app.housekeeping`: main.ts starts it; tests call `runOnce()`. */
export const housekeepingPlugin = fp(
  async (app: App, options: { db: Database }) => {
    const housekeeping = createHousekeeping({ db: options.db, log: app.log });
    app.decorate("housekeeping", housekeeping);
    app.addHook("onClose", () => housekeeping.stop());
  },
  { name: "housekeeping" },
);
