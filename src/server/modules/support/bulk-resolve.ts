// Several tickets resolved in one request, as the desk selected them. One statement resolves
// every ticket still at the version the member saw and still open or waiting; each of the others
// is reported with its reason (someone changed it since it was selected, it is resolved already,
// there is no such ticket), never overwritten. Each resolved ticket gets the audit entry
// and the live notice of a single resolve, in the same transaction.
import { sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import {
  BULK_RESOLVE_MESSAGES,
  type BulkResolveInput,
  type BulkResolveResult,
  SUPPORT_THREAD_MESSAGES,
  type TicketStatus,
} from "../../../shared/contracts/support-inbox.ts";
import { type Database, rowsOf, type Transaction } from "../../db/client.ts";
import { notifyStaff } from "../live/index.ts";
import { recordAudit, staffMemberOf } from "../staff/index.ts";
import { INBOX_EVENT } from "./inbox-event.ts";

/** `updated_by` of a change the customer made. */
const CUSTOMER = "customer";

type Wanted = BulkResolveInput["tickets"];

/** Why each ticket left unresolved was: as the single resolve would have said it. */
async function reasons(tx: Transaction, left: Wanted): Promise<BulkResolveResult["refused"]> {
  if (left.length === 0) return [];
  const rows = rowsOf<{
    reference: string;
    status: TicketStatus;
    version: number;
    updated_by: string;
  }>(
    await tx.execute(sql`
      select reference, status, version, updated_by from support_tickets
      where reference in (${sql.join(
        left.map((ticket) => sql`${ticket.reference}`),
        sql`, `,
      )})`),
  );
  const current = new Map(rows.map((row) => [row.reference, row]));
  return left.map(({ reference, version }) => {
    const row = current.get(reference);
    if (!row) return { reference, message: SUPPORT_THREAD_MESSAGES.noTicket };
    if (row.status === "resolved" || row.version === version) {
      return { reference, message: SUPPORT_THREAD_MESSAGES.resolvedAlready };
    }
    const by = row.updated_by === CUSTOMER ? null : row.updated_by;
    return { reference, message: BULK_RESOLVE_MESSAGES.changed(by) };
  });
}

export async function resolveTickets(
  db: Database,
  request: FastifyRequest,
  input: BulkResolveInput,
): Promise<BulkResolveResult> {
  const member = staffMemberOf(request);
  const wanted = sql.join(
    input.tickets.map((ticket) => sql`(${ticket.reference}, ${ticket.version}::int)`),
    sql`, `,
  );
  return db.transaction(async (tx) => {
    const changed = rowsOf<{ reference: string; before: TicketStatus }>(
      await tx.execute(sql`
        with wanted (reference, version) as (values ${wanted}),
        prior as (
          select t.id, t.status from support_tickets t
          join wanted w on w.reference = t.reference and w.version = t.version
          where t.status in ('open', 'waiting')
          order by t.id
          for update of t
        )
        update support_tickets t set status = 'resolved', reply_due_at = null,
          version = t.version + 1, updated_at = now(), updated_by = ${member.name}
        from prior
        where t.id = prior.id
        returning t.reference, prior.status as before`),
    );
    const done = new Map(changed.map((row) => [row.reference, row.before]));
    for (const [reference, before] of done) {
      await recordAudit(tx, request, {
        action: "ticket.resolve",
        targetType: "support_ticket",
        targetId: reference,
        before: { status: before },
        after: { status: "resolved" },
      });
      await notifyStaff(tx, { ...INBOX_EVENT, id: reference });
    }
    return {
      resolved: input.tickets.map((ticket) => ticket.reference).filter((ref) => done.has(ref)),
      refused: await reasons(
        tx,
        input.tickets.filter((ticket) => !done.has(ticket.reference)),
      ),
    };
  });
}
