import type { Database } from "../../db/client.ts";
import type { App } from "../../http/types.ts";
import { auditRoutes } from "./audit-routes.ts";
import { signInWarningRoutes } from "./sign-in-warning-routes.ts";
import { type StaffEventRoutesDeps, staffEventRoutes } from "./staff-events-routes.ts";
import { staffRoutes } from "./staff-routes.ts";

type Options = Parameters<typeof staffRoutes>[1] & { db: Database; events: StaffEventRoutesDeps };

/** Staff sign-in and profile, the dashboards' live events, the audit log, sign-in warnings. */
export async function staffPlugin(app: App, options: Options) {
  staffRoutes(app, options);
  staffEventRoutes(app, options.events);
  auditRoutes(app, options.db);
  signInWarningRoutes(app, options.db);
}
