import type { DatabaseHandle } from "../../db/client.ts";
import type { App } from "../../http/types.ts";
import { healthRoutes } from "./health-routes.ts";

/** Liveness and readiness, for the load balancer and the orchestrator. */
export async function healthPlugin(
  app: App,
  options: { database: DatabaseHandle; readiness: Parameters<typeof healthRoutes>[2] },
) {
  healthRoutes(app, options.database, options.readiness);
}
