import type { FastifyRequest } from "fastify";
import type { Database, Transaction } from "../../db/client.ts";
import { auditLog } from "./schema.ts";
import { staffMemberOf } from "./staff-guard.ts";

export type AuditEntry = {
  /** What was done, as `<thing>.<verb>`: `product.update`, `stock.receive`, ... */
  action: string;
  targetType: string;
  targetId: string;
  before?: unknown;
  after?: unknown;
};

/**
 * Records a staff write in the transaction that makes it, so the change and its record commit or
 * roll back together. Who, role and request id come from the guarded request.
 */
export async function recordAudit(
  tx: Transaction | Database,
  request: FastifyRequest,
  entry: AuditEntry,
): Promise<void> {
  await auditInsert(tx, request, entry);
}

/** A staff write's audit insert, for writers that run it as one part of a larger statement. */
export function auditInsert(
  tx: Transaction | Database,
  request: FastifyRequest,
  entry: AuditEntry,
) {
  return tx.insert(auditLog).values(auditRow(request, entry));
}

/** The audit row of a staff write. */
function auditRow(request: FastifyRequest, entry: AuditEntry) {
  const member = staffMemberOf(request);
  return {
    staffId: member.id,
    staffName: member.name,
    role: member.role,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    before: entry.before ?? null,
    after: entry.after ?? null,
    requestId: String(request.id),
  } satisfies typeof auditLog.$inferInsert;
}
