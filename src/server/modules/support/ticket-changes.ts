// Every change to a ticket: the shop's reply, an internal note, resolve and reopen (each against
// the version the member saw, with an audit entry), and the customer's answer through the signed
// link. Each commits with its thread entry, its email and the inbox's live notice, or not at all.

import { and, eq, type SQL, sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import { IDEMPOTENCY_MESSAGES } from "../../../shared/contracts/idempotency.ts";
import {
  ANSWERS_PER_TICKET_PER_DAY,
  SUPPORT_THREAD_MESSAGES,
  type TicketStatus,
} from "../../../shared/contracts/support-inbox.ts";
import { type Database, rowsOf, type Transaction } from "../../db/client.ts";
import { AppError, notFound } from "../../http/app-error.ts";
import { notifyStaff } from "../live/index.ts";
import { enqueueMail } from "../mail/index.ts";
import { recordAudit, staffMemberOf } from "../staff/index.ts";
import { INBOX_EVENT } from "./inbox-event.ts";
import { replyDueSql } from "./open-ticket.ts";
import { supportMessages, supportTickets } from "./schema.ts";
import { ticketReplyMail } from "./support-email.ts";
import { CUSTOMER, latestChange, TicketChanged } from "./ticket-conflict.ts";
import { ticketLink } from "./ticket-link.ts";

export type Changed = {
  id: number;
  reference: string;
  name: string;
  email: string;
  status: TicketStatus;
  /** The language the customer wrote in: the shop's reply is mailed in it. */
  locale: string;
};

/**
 * Applies `set` when the ticket is still at `version` (and, with `from`, in one of those states);
 * otherwise says who changed it first, or that the move does not apply.
 */
async function changeTicket(
  tx: Transaction,
  options: {
    reference: string;
    version: number | null;
    by: string;
    set: SQL;
    from?: readonly TicketStatus[];
    refusal?: string;
  },
): Promise<Changed & { before: TicketStatus }> {
  const { reference, version, from } = options;
  const result = await tx.execute(sql`
    with prior as (
      select id, status from support_tickets where reference = ${reference} for update
    )
    update support_tickets t set ${options.set}, version = t.version + 1, updated_at = now(),
      updated_by = ${options.by}
    from prior
    where t.id = prior.id
      ${version === null ? sql`` : sql`and t.version = ${version}`}
      ${
        from
          ? sql`and t.status in (${sql.join(
              from.map((status) => sql`${status}`),
              sql`, `,
            )})`
          : sql``
      }
    returning t.id, t.reference, t.name, t.email, t.status, t.locale, prior.status as before`);
  const row = rowsOf<Changed & { before: TicketStatus }>(result)[0];
  if (row) return row;
  const [current] = await tx
    .select({ version: supportTickets.version, updatedBy: supportTickets.updatedBy })
    .from(supportTickets)
    .where(eq(supportTickets.reference, reference));
  if (!current) throw notFound(SUPPORT_THREAD_MESSAGES.noTicket);
  if (version !== null && current.version !== version) {
    const change = await latestChange(tx, reference, version);
    if (change) throw new TicketChanged(change);
    const by = current.updatedBy === CUSTOMER ? null : current.updatedBy;
    throw new AppError("CONFLICT", SUPPORT_THREAD_MESSAGES.changed(by));
  }
  throw new AppError("CONFLICT", options.refusal ?? SUPPORT_THREAD_MESSAGES.changed(null));
}

export type ReplyDeps = { db: Database; publicUrl: string; linkKey: string };

/**
 * Whether this member's reply with this key is already in the thread. The same key with another
 * text (or from another member) is a client's mistake, refused rather than answered.
 */
async function sentBefore(
  tx: Transaction,
  reference: string,
  key: string,
  member: { id: string },
  body: string,
): Promise<boolean> {
  const [sent] = await tx
    .select({ body: supportMessages.body, staffId: supportMessages.staffId })
    .from(supportMessages)
    .innerJoin(supportTickets, eq(supportTickets.id, supportMessages.ticketId))
    .where(and(eq(supportTickets.reference, reference), eq(supportMessages.requestKey, key)));
  if (!sent) return false;
  if (sent.body !== body || sent.staffId !== member.id) {
    throw new AppError("IDEMPOTENCY_KEY_REUSED", IDEMPOTENCY_MESSAGES.reused);
  }
  return true;
}

/**
 * The shop answers: stored in the thread, mailed with the signed link; the customer's turn. Only
 * while the ticket is at the version the desk saw (checked in the statement that moves it, under
 * its row lock): otherwise TicketChanged says what changed. A reply sent again with its key is
 * answered "replayed" and neither stored nor mailed twice, even when the first is still
 * committing (the second waits on the row lock, then finds the first's row).
 */
export async function replyToTicket(
  deps: ReplyDeps,
  request: FastifyRequest,
  reference: string,
  input: { body: string; version: number },
  key?: string,
): Promise<"sent" | "replayed"> {
  const member = staffMemberOf(request);
  return deps.db.transaction(async (tx) => {
    if (key && (await sentBefore(tx, reference, key, member, input.body))) return "replayed";
    let ticket: Awaited<ReturnType<typeof changeTicket>>;
    try {
      ticket = await changeTicket(tx, {
        reference,
        version: input.version,
        by: member.name,
        set: sql`status = 'waiting', reply_due_at = null,
          first_reply_at = coalesce(t.first_reply_at, now())`,
      });
    } catch (error) {
      if (key && error instanceof TicketChanged) {
        if (await sentBefore(tx, reference, key, member, input.body)) return "replayed";
      }
      throw error;
    }
    await recordReply(tx, deps, request, {
      ...ticket,
      body: input.body,
      before: ticket.before,
      requestKey: key,
    });
    return "sent";
  });
}

/**
 * A reply's thread entry, its email with the ticket's signed link, its audit entry and the
 * inbox's notice, in the transaction that changed the ticket.
 */
export async function recordReply(
  tx: Transaction,
  deps: Omit<ReplyDeps, "db">,
  request: FastifyRequest,
  ticket: Changed & { body: string; before: TicketStatus | null; requestKey?: string },
): Promise<void> {
  const member = staffMemberOf(request);
  const [entry] = await tx
    .insert(supportMessages)
    .values({
      ticketId: ticket.id,
      kind: "reply",
      body: ticket.body,
      staffId: member.id,
      staffName: member.name,
      requestKey: ticket.requestKey ?? null,
    })
    .returning({ id: supportMessages.id });
  await enqueueMail(
    tx,
    ticketReplyMail({
      reference: ticket.reference,
      name: ticket.name,
      email: ticket.email,
      reply: ticket.body,
      staffName: member.name,
      link: ticketLink(deps.publicUrl, deps.linkKey, ticket.reference),
      locale: ticket.locale,
    }),
  );
  await recordAudit(tx, request, {
    action: "ticket.reply",
    targetType: "support_ticket",
    targetId: ticket.reference,
    before: ticket.before === null ? null : { status: ticket.before },
    after: { status: ticket.status, messageId: entry!.id },
  });
  await notifyStaff(tx, { ...INBOX_EVENT, id: ticket.reference });
}

/**
 * A note for the team only. The ticket's state, the customer's clock and its version stay as
 * they are: a colleague's note must not turn away a reply being written at the same time.
 */
export async function noteOnTicket(
  db: Database,
  request: FastifyRequest,
  reference: string,
  body: string,
): Promise<void> {
  const member = staffMemberOf(request);
  await db.transaction(async (tx) => {
    const [ticket] = await tx
      .select({ id: supportTickets.id })
      .from(supportTickets)
      .where(eq(supportTickets.reference, reference));
    if (!ticket) throw notFound(SUPPORT_THREAD_MESSAGES.noTicket);
    const [entry] = await tx
      .insert(supportMessages)
      .values({
        ticketId: ticket.id,
        kind: "note",
        body,
        staffId: member.id,
        staffName: member.name,
      })
      .returning({ id: supportMessages.id });
    await recordAudit(tx, request, {
      action: "ticket.note",
      targetType: "support_ticket",
      targetId: reference,
      after: { messageId: entry!.id },
    });
    await notifyStaff(tx, { ...INBOX_EVENT, id: reference });
  });
}

const MOVES = {
  resolve: {
    from: ["open", "waiting"],
    set: sql`status = 'resolved', reply_due_at = null`,
    refusal: SUPPORT_THREAD_MESSAGES.resolvedAlready,
  },
  // Reopened by the shop, the customer is waiting again: the clock starts afresh.
  reopen: {
    from: ["resolved", "waiting"],
    set: sql`status = 'open', reply_due_at = ${replyDueSql}`,
    refusal: SUPPORT_THREAD_MESSAGES.openAlready,
  },
} as const;

export async function moveTicket(
  db: Database,
  request: FastifyRequest,
  reference: string,
  move: keyof typeof MOVES,
  version: number,
): Promise<void> {
  const member = staffMemberOf(request);
  await db.transaction(async (tx) => {
    const ticket = await changeTicket(tx, { reference, version, by: member.name, ...MOVES[move] });
    await recordAudit(tx, request, {
      action: `ticket.${move}`,
      targetType: "support_ticket",
      targetId: reference,
      before: { status: ticket.before },
      after: { status: ticket.status },
    });
    await notifyStaff(tx, { ...INBOX_EVENT, id: reference });
  });
}

/**
 * The customer answers through the signed link: the ticket opens again and, unless it was
 * already waiting on the shop, the reply clock starts from now.
 */
export async function answerTicket(db: Database, reference: string, body: string): Promise<void> {
  await db.transaction(async (tx) => {
    const ticket = await changeTicket(tx, {
      reference,
      version: null,
      by: CUSTOMER,
      set: sql`status = 'open',
        reply_due_at = case when t.status = 'open' then t.reply_due_at else ${replyDueSql} end`,
    });
    const [recent] = rowsOf<{ count: number }>(
      await tx.execute(sql`
        select count(*)::int as count from support_messages
        where ticket_id = ${ticket.id} and kind = 'answer'
          and created_at > now() - interval '24 hours'`),
    );
    if (recent!.count >= ANSWERS_PER_TICKET_PER_DAY) {
      throw new AppError("RATE_LIMITED", SUPPORT_THREAD_MESSAGES.manyAnswers);
    }
    await tx.insert(supportMessages).values({ ticketId: ticket.id, kind: "answer", body });
    await notifyStaff(tx, { ...INBOX_EVENT, id: reference });
  });
}
