import fp from "fastify-plugin";
import type { DatabaseHandle } from "../../db/client.ts";
import type { App } from "../../http/types.ts";
import { healthRoutes } from "./health-routes.ts";
import { createReadiness } from "./readiness.ts";

/**
 * Liveness and readiness, for the load balancer and the orchestrator; `app.readiness` is how a
 * shutdown says it is draining.
 */
export const healthPlugin = fp(
  async (app: App, options: { database: DatabaseHandle }) => {
    const readiness = createReadiness();
    app.decorate("readiness", readiness);
    await app.register(async (routes: App) => healthRoutes(routes, options.database, readiness));
  },
  { name: "health" },
);
