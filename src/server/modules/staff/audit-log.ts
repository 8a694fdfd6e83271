import { and, desc, eq, lt } from "drizzle-orm";
import type { AuditPage } from "../../../shared/contracts/audit.ts";
import type { StaffRole } from "../../../shared/rules/staff.ts";
import type { Database } from "../../db/client.ts";
import { auditLog } from "./schema.ts";

export type AuditListing = {
  cursor?: string | undefined;
  limit: number;
  action?: string | undefined;
};

/**
 * One dashboard's audit entries, newest first, a page at a time. Keyset on the id (the log only
 * grows), so a page costs the same however deep it is and entries added meanwhile do not shift it.
 * Reading is all this module does with the log: there is no route that edits or deletes it.
 */
export async function listAudit(
  db: Database,
  role: StaffRole,
  { cursor, limit, action }: AuditListing,
): Promise<AuditPage> {
  const rows = await db
    .select()
    .from(auditLog)
    .where(
      and(
        eq(auditLog.role, role),
        action ? eq(auditLog.action, action) : undefined,
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
