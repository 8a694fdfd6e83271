import {
  savedViewInputSchemaFor,
  savedViewParamsSchema,
  savedViewsPath,
  savedViewsSchema,
} from "../../../shared/contracts/saved-views.ts";
import { DASHBOARDS, STAFF_ROLES } from "../../../shared/rules/staff.ts";
import type { Database } from "../../db/client.ts";
import type { App } from "../../http/types.ts";
import { deleteView, listSavedViews, saveView } from "./saved-views.ts";
import { staffMemberOf } from "./staff-guard.ts";
import { staffRouteParts } from "./staff-route-parts.ts";

// Saved by hand a few times a day: a generous limit that still stops a runaway script.
const writeLimit = { rateLimit: { max: 60, timeWindow: 60 * 1000 } };

/**
 * Each dashboard's saved views, under its own API: the guard lets in only that dashboard's
 * member, and every query is of the signed-in member's own views.
 */
export function savedViewRoutes(app: App, db: Database) {
  for (const dashboard of STAFF_ROLES) {
    const { staff, tags, errors } = staffRouteParts(dashboard);
    const path = savedViewsPath(dashboard);
    const title = DASHBOARDS[dashboard].title;
    const ownerOf = (request: Parameters<typeof staffMemberOf>[0]) => ({
      memberId: staffMemberOf(request).id,
      dashboard,
    });
    app.get(
      path,
      {
        config: { ...staff, private: true },
        schema: {
          tags,
          summary: `The signed-in member's saved views of the ${title} dashboard, by name`,
          response: { 200: savedViewsSchema, ...errors },
        },
      },
      async (request) => ({ views: await listSavedViews(db, ownerOf(request)) }),
    );
    app.put(
      path,
      {
        config: { ...staff, ...writeLimit, private: true },
        schema: {
          tags,
          summary: `Save a view of the ${title} dashboard's filters; one of the same name is replaced`,
          body: savedViewInputSchemaFor(dashboard),
          response: { 200: savedViewsSchema, ...errors },
        },
      },
      async (request) => ({ views: await saveView(db, ownerOf(request), request.body) }),
    );
    app.delete(
      `${path}/:id`,
      {
        config: { ...staff, ...writeLimit, private: true },
        schema: {
          tags,
          summary: `Delete one of the member's saved views of the ${title} dashboard`,
          params: savedViewParamsSchema,
          response: { 200: savedViewsSchema, ...errors },
        },
      },
      async (request) => ({
        views: await deleteView(db, ownerOf(request), request.params.id),
      }),
    );
  }
}
