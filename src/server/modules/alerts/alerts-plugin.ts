import fp from "fastify-plugin";
import type { Database } from "../../db/client.ts";
import type { App } from "../../http/types.ts";
import { createAlertDigests } from "./alert-digests.ts";
import { alertsRoutes } from "./alerts-routes.ts";

/** Staff alerts: the route every dashboard polls, and the on-duty digests (`app.alertDigests`). */
export const alertsPlugin = fp(
  async (app: App, options: { db: Database; publicUrl: string }) => {
    const digests = createAlertDigests({
      db: options.db,
      publicUrl: options.publicUrl,
      log: app.log,
    });
    app.decorate("alertDigests", digests);
    app.addHook("onClose", () => digests.stop());
    await app.register(async (routes) => alertsRoutes(routes, options));
  },
  { name: "alerts", dependencies: ["staff", "mail"] },
);
