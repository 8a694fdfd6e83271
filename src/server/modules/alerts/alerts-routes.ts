import { STAFF_ALERTS_PATH, staffAlertsSchema } from "../../../shared/contracts/staff-alerts.ts";
import type { Database } from "../../db/client.ts";
import type { App } from "../../http/types.ts";
import { staffMemberOf, staffRouteParts } from "../staff/index.ts";
import { markSeen } from "./alert-digests.ts";
import { alertsFor } from "./alerts-for.ts";

const { errors } = staffRouteParts("sales");

/** The signed-in member's dashboard's alerts; asking says a dashboard of that role is open. */
export function alertsRoutes(app: App, { db }: { db: Database }) {
  app.get(
    STAFF_ALERTS_PATH,
    {
      config: { staff: "any-member" },
      schema: {
        tags: ["staff"],
        summary: "What waits for the member's dashboard: the tab title's count and notifications",
        response: { 200: staffAlertsSchema, ...errors },
      },
    },
    async (request) => {
      const { role } = staffMemberOf(request);
      const now = new Date();
      await markSeen(db, role, now);
      return alertsFor(db, role, now);
    },
  );
}
