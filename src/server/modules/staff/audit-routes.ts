import { auditPageSchema, auditQuerySchema } from "../../../shared/contracts/audit.ts";
import { errorBodySchema } from "../../../shared/contracts/errors.ts";
import { DASHBOARDS, STAFF_ROLES } from "../../../shared/rules/staff.ts";
import type { Database } from "../../db/client.ts";
import type { App } from "../../http/types.ts";
import { listAudit } from "./audit-log.ts";

/** Each dashboard reads its own audit entries; nothing here (or anywhere) edits or deletes one. */
export function auditRoutes(app: App, db: Database) {
  for (const role of STAFF_ROLES) {
    app.get(
      `/api/staff/${role}/audit`,
      {
        config: { staff: role },
        schema: {
          tags: ["staff"],
          summary: `Recent activity on the ${DASHBOARDS[role].title} dashboard, newest first`,
          querystring: auditQuerySchema,
          response: {
            200: auditPageSchema,
            400: errorBodySchema,
            401: errorBodySchema,
            403: errorBodySchema,
          },
        },
      },
      (request) => listAudit(db, role, request.query),
    );
  }
}
