import fp from "fastify-plugin";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/client.ts";
import type { App } from "../../http/types.ts";
import { endpointLimits } from "../auth/index.ts";
import { auditRoutes } from "./audit-routes.ts";
import { savedViewRoutes } from "./saved-view-routes.ts";
import { signInWarningRoutes } from "./sign-in-warning-routes.ts";
import { createStaffAuth } from "./staff-auth.ts";
import { type StaffEventRoutesDeps, staffEventRoutes } from "./staff-events-routes.ts";
import { registerStaffGuard, type StaffOf } from "./staff-guard.ts";
import { STAFF_LIMITS, staffRoutes } from "./staff-routes.ts";
import { staffSessionOf } from "./staff-session.ts";
import { staffSessionWatch } from "./staff-session-watch.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** Who a request is signed in as on the staff side, for what else only staff may read. */
    staff: {
      memberOf: StaffOf;
      /** With demo mode off a member must enrol a TOTP second factor before anything else. */
      twoFactorRequired: boolean;
    };
  }
}

type Options = {
  db: Database;
  config: Config;
  /** The store's secret (auth's auth-secret.ts). */
  secret: string;
  /** How often open event streams look at their session and send a heartbeat (tests). */
  streamTimings?: Pick<StaffEventRoutesDeps, "sessionCheckMs" | "heartbeatMs">;
};

/**
 * Staff sign-in and profile, the dashboards' live events, the audit log, sign-in warnings, the
 * members' saved views.
 * Registers the staff guard, so every route under /api/staff/ registered after it must name the
 * dashboard it belongs to (`config.staff`).
 */
export const staffPlugin = fp(
  async (app: App, { db, config, secret, streamTimings }: Options) => {
    const { publicUrl } = config;
    const staffAuth = createStaffAuth({
      db,
      config,
      secret,
      log: app.log,
      limits: endpointLimits(app, STAFF_LIMITS, { db, secret, publicUrl }),
    });
    const twoFactorRequired = !config.demoMode;
    const memberOf = staffSessionOf(staffAuth, db);
    app.decorate("staff", { memberOf, twoFactorRequired });
    registerStaffGuard(app, {
      staffOf: memberOf,
      customerOf: app.customers.current,
      twoFactorRequired,
    });
    await app.register(async (routes: App) => {
      staffRoutes(routes, { staffAuth, publicUrl, twoFactorRequired });
      staffEventRoutes(routes, {
        events: app.live,
        watchSession: staffSessionWatch(staffAuth, db),
        ...streamTimings,
      });
      auditRoutes(routes, db);
      signInWarningRoutes(routes, db);
      savedViewRoutes(routes, db);
    });
  },
  { name: "staff", dependencies: ["auth", "live"] },
);
