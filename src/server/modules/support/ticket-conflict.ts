// A ticket that changed after the desk opened it: what changed last, who did it and when, read
// from the ticket and its thread (so it holds whichever writer moved the version), and the 409
// that tells the desk so.
import { sql } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import {
  TICKET_CHANGE_TEXT,
  type TicketChange,
  type TicketChangeKind,
} from "../../../shared/contracts/ticket-changes.ts";
import { rowsOf, type Transaction } from "../../db/client.ts";
import { AppError } from "../../http/app-error.ts";

/** `updated_by` of a change the customer made. */
export const CUSTOMER = "customer";

/** Refused: the ticket is no longer at the version the desk sent. */
export class TicketChanged extends AppError {
  constructor(readonly change: TicketChange) {
    super("CONFLICT", TICKET_CHANGE_TEXT.refusal(change));
  }
}

type Row = {
  version: number;
  status: string;
  updated_by: string;
  updated_at: Date | string;
  name: string;
  entry_kind: "reply" | "answer" | null;
  entry_by: string | null;
  /** The latest reply or answer was written by the change that last moved the ticket. */
  same_change: boolean | null;
};

/**
 * The ticket's latest change. A reply or an answer is written in the transaction that moves the
 * ticket, so its thread entry carries the ticket's `updated_at` to the microsecond; a move
 * without an entry (resolve, reopen) is read from the status it left.
 */
export async function latestChange(
  tx: Transaction,
  reference: string,
  since: number,
): Promise<TicketChange | undefined> {
  const [row] = rowsOf<Row>(
    await tx.execute(sql`
      select t.version, t.status, t.updated_by, t.updated_at, t.name,
        m.kind as entry_kind, m.staff_name as entry_by, m.created_at = t.updated_at as same_change
      from support_tickets t
      left join lateral (
        select kind, staff_name, created_at from support_messages
        where ticket_id = t.id and kind <> 'note' order by id desc limit 1
      ) m on true
      where t.reference = ${reference}`),
  );
  if (!row) return undefined;
  const byStaff = row.updated_by === CUSTOMER ? row.name : row.updated_by;
  let kind: TicketChangeKind;
  let by = byStaff;
  if (row.same_change && row.entry_kind === "answer") {
    kind = "answered";
    by = row.name;
  } else if (row.same_change && row.entry_kind === "reply") {
    kind = "replied";
    by = row.entry_by ?? byStaff;
  } else if (row.status === "resolved") kind = "resolved";
  else if (row.updated_by !== CUSTOMER && row.status === "open") kind = "reopened";
  else kind = "changed";
  return {
    kind,
    by,
    at: new Date(row.updated_at).toISOString(),
    version: row.version,
    count: Math.max(1, row.version - since),
  };
}

/** The refusal as the 409 the desk reads: the message, and the change to show and send after. */
export function answerChanged(request: FastifyRequest, reply: FastifyReply, error: TicketChanged) {
  return reply.code(409).send({
    code: error.code,
    message: error.message,
    change: error.change,
    requestId: String(request.id),
  });
}
