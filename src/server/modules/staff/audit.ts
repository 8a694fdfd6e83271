import type { FastifyRequest } from "fastify";
import type { Database, Transaction } from "../../db/client.ts";
import { auditLog } from "../../db/schema/index.ts";
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
  const member = staffMemberOf(request);
  await tx.insert(auditLog).values({
    staffId: member.id,
    staffName: member.name,
    role: member.role,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    before: entry.before ?? null,
    after: entry.after ?? null,
    requestId: String(request.id),
  });
}
