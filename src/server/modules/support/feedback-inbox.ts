// Customer Relations' reading of the home page's feedback: newest first with the unread count,
// marked read by a member, and answered through a support conversation with the sender.
import { eq, sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import {
  type FeedbackPage,
  VOICE_MESSAGES,
  VOICE_PAGE,
} from "../../../shared/contracts/customer-voice.ts";
import { type Database, rowsOf } from "../../db/client.ts";
import { AppError, notFound } from "../../http/app-error.ts";
import { notifyStaff } from "../live/index.ts";
import { recordAudit, staffMemberOf } from "../staff/index.ts";
import { openFollowUp } from "./follow-up.ts";
import { feedback, supportTickets } from "./schema.ts";
import type { ReplyDeps } from "./ticket-changes.ts";
import { FEEDBACK_EVENT } from "./voice-events.ts";

type Row = {
  id: number;
  name: string;
  email: string;
  message: string;
  created_at: Date | string;
  created_micros: string;
  read_at: Date | string | null;
  read_by: string | null;
  ticket_reference: string | null;
};

const iso = (value: Date | string) => new Date(value).toISOString();

export async function listFeedback(db: Database, cursor?: string): Promise<FeedbackPage> {
  const [micros, id] = cursor ? cursor.split(".") : [];
  const after = cursor
    ? sql`(f.created_at, f.id) < (to_timestamp(${micros}::bigint / 1000000.0), ${Number(id)})`
    : sql`true`;
  const [page, unread] = await Promise.all([
    db.execute(sql`
      select f.id, f.name, f.email, f.message, f.created_at, f.read_at, f.read_by,
        (extract(epoch from f.created_at) * 1000000)::bigint::text as created_micros,
        t.reference as ticket_reference
      from feedback f left join support_tickets t on t.id = f.ticket_id
      where ${after}
      order by f.created_at desc, f.id desc
      limit ${VOICE_PAGE + 1}`),
    db.execute(sql`select count(*)::int as unread from feedback where read_at is null`),
  ]);
  const rows = rowsOf<Row>(page);
  const shown = rows.slice(0, VOICE_PAGE);
  const last = shown.at(-1);
  return {
    messages: shown.map((row) => ({
      id: row.id,
      name: row.name,
      email: row.email,
      message: row.message,
      createdAt: iso(row.created_at),
      readAt: row.read_at === null ? null : iso(row.read_at),
      readBy: row.read_by,
      ticketReference: row.ticket_reference,
    })),
    nextCursor: rows.length > VOICE_PAGE && last ? `${last.created_micros}.${last.id}` : null,
    unread: rowsOf<{ unread: number }>(unread)[0]!.unread,
  };
}

/** Read by a member: kept with who read it; reading it again changes nothing. */
export async function markFeedbackRead(
  db: Database,
  request: FastifyRequest,
  id: number,
): Promise<void> {
  const member = staffMemberOf(request);
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ readAt: feedback.readAt })
      .from(feedback)
      .where(eq(feedback.id, id))
      .for("update");
    if (!row) throw notFound(VOICE_MESSAGES.noFeedback);
    // Read before: the first reader stays, and an unchanged message writes no audit entry.
    if (row.readAt !== null) return;
    await tx
      .update(feedback)
      .set({ readAt: sql`now()`, readBy: member.name })
      .where(eq(feedback.id, id));
    await recordAudit(tx, request, {
      action: "feedback.read",
      targetType: "feedback",
      targetId: String(id),
      after: { readBy: member.name },
    });
    await notifyStaff(tx, { ...FEEDBACK_EVENT, id: String(id) });
  });
}

/** The member's answer opens a conversation with the sender; the message counts as read. */
export async function replyToFeedback(
  deps: ReplyDeps,
  request: FastifyRequest,
  id: number,
  body: string,
): Promise<string> {
  const member = staffMemberOf(request);
  return deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(feedback).where(eq(feedback.id, id)).for("update");
    if (!row) throw notFound(VOICE_MESSAGES.noFeedback);
    if (row.ticketId !== null) {
      const [ticket] = await tx
        .select({ reference: supportTickets.reference })
        .from(supportTickets)
        .where(eq(supportTickets.id, row.ticketId));
      throw new AppError("CONFLICT", VOICE_MESSAGES.alreadyFollowedUp(ticket!.reference));
    }
    const reference = await openFollowUp(
      tx,
      deps,
      request,
      {
        origin: "feedback",
        queryType: "feedback",
        name: row.name,
        email: row.email,
        customerId: null,
        orderNumber: "",
        message: row.message,
        reply: body,
        answers: { type: "feedback", id: String(id) },
      },
      VOICE_MESSAGES.alreadyFollowedUp,
    );
    await tx
      .update(feedback)
      .set({
        ticketId: sql`(select id from support_tickets where reference = ${reference})`,
        readAt: sql`coalesce(${feedback.readAt}, now())`,
        readBy: sql`coalesce(${feedback.readBy}, ${member.name})`,
      })
      .where(eq(feedback.id, id));
    await notifyStaff(tx, { ...FEEDBACK_EVENT, id: String(id) });
    return reference;
  });
}
