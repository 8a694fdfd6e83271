import { and, asc, desc, eq, lt, or, type SQL, sql } from "drizzle-orm";
import type { AuditMembers, AuditPage } from "../../../shared/contracts/audit.ts";
import { type ActivityKind, activityKindOf } from "../../../shared/rules/activity-sentence.ts";
import type { StaffRole } from "../../../shared/rules/staff.ts";
import type { Database } from "../../db/client.ts";
import { auditLog } from "./schema.ts";

export type AuditListing = {
  cursor?: string | undefined;
  limit: number;
  action?: string | undefined;
  /** A member's id. */
  staff?: string | undefined;
  /** One of the role's ACTIVITY_KINDS (the route's schema has checked it). */
  kind?: string | undefined;
};

/** The kind's actions; `starts_with`, as LIKE would read the `_` of `refund_request.` as a wildcard. */
function ofKind(kind: ActivityKind): SQL | undefined {
  return or(
    ...kind.actions.map((action) =>
      action.endsWith(".")
        ? sql`starts_with(${auditLog.action}, ${action})`
        : eq(auditLog.action, action),
    ),
  );
}

/**
 * One dashboard's audit entries, newest first, a page at a time. Keyset on the id (the log only
 * grows), so a page costs the same however deep it is and entries added meanwhile do not shift it.
 * Reading is all this module does with the log: there is no route that edits or deletes it.
 */
export async function listAudit(
  db: Database,
  role: StaffRole,
  { cursor, limit, action, staff, kind }: AuditListing,
): Promise<AuditPage> {
  const kindOf = kind ? activityKindOf(role, kind) : undefined;
  const rows = await db
    .select()
    .from(auditLog)
    .where(
      and(
        eq(auditLog.role, role),
        action ? eq(auditLog.action, action) : undefined,
        staff ? eq(auditLog.staffId, staff) : undefined,
        kindOf ? ofKind(kindOf) : undefined,
        cursor ? lt(auditLog.id, Number(cursor)) : undefined,
      ),
    )
    .orderBy(desc(auditLog.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  return {
    entries: page.map((row) => ({
      id: String(row.id),
      at: row.at.toISOString(),
      staffName: row.staffName,
      role: row.role as StaffRole,
      action: row.action,
      targetType: row.targetType,
      targetId: row.targetId,
      before: row.before,
      after: row.after,
      requestId: row.requestId,
    })),
    nextCursor: rows.length > limit ? String(page[page.length - 1]!.id) : null,
  };
}

/**
 * Everyone with an entry in the dashboard's log, under the name of their latest one: members who
 * have left stay filterable. A small shop's log is read through once; its role index keeps the
 * other dashboards' rows out.
 */
export async function auditMembers(db: Database, role: StaffRole): Promise<AuditMembers> {
  const rows = await db
    .selectDistinctOn([auditLog.staffId], { id: auditLog.staffId, name: auditLog.staffName })
    .from(auditLog)
    .where(eq(auditLog.role, role))
    .orderBy(asc(auditLog.staffId), desc(auditLog.id));
  return { members: rows.sort((a, b) => a.name.localeCompare(b.name, "en-IN")) };
}
