import {
  auditMembersSchema,
  auditPageSchema,
  auditQuerySchemaFor,
} from "../../../shared/contracts/audit.ts";
import { errorBodySchema } from "../../../shared/contracts/errors.ts";
import { DASHBOARDS, STAFF_ROLES } from "../../../shared/rules/staff.ts";
import type { Database } from "../../db/client.ts";
import type { App } from "../../http/types.ts";
import { auditMembers, listAudit } from "./audit-log.ts";

const refusals = { 401: errorBodySchema, 403: errorBodySchema };

/** Each dashboard reads its own audit entries; nothing here (or anywhere) edits or deletes one. */
export function auditRoutes(app: App, db: Database) {
  for (const role of STAFF_ROLES) {
    const title = DASHBOARDS[role].title;
    app.get(
      `/api/staff/${role}/audit`,
      {
        config: { staff: role },
        schema: {
          tags: ["staff"],
          summary: `Recent activity on the ${title} dashboard, newest first`,
          querystring: auditQuerySchemaFor(role),
          response: { 200: auditPageSchema, 400: errorBodySchema, ...refusals },
        },
      },
      (request) => listAudit(db, role, request.query),
    );
    app.get(
      `/api/staff/${role}/audit/members`,
      {
        config: { staff: role },
        schema: {
          tags: ["staff"],
          summary: `The members with activity on the ${title} dashboard`,
          response: { 200: auditMembersSchema, ...refusals },
        },
      },
      () => auditMembers(db, role),
    );
  }
}
