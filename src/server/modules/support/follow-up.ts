// The shop starts a conversation: answering a home-page feedback message or following up a low
// rating opens a ticket with the customer's words (or what they did) as its first message and the
// member's reply after it, waiting on the customer. Its emails and link are those of any reply.
import { and, eq, sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { QueryType } from "../../../shared/contracts/support.ts";
import type { TicketOrigin } from "../../../shared/contracts/support-inbox.ts";
import { rowsOf, type Transaction } from "../../db/client.ts";
import { COLLIDED, withUniqueRetry } from "../../db/with-unique-retry.ts";
import { AppError } from "../../http/app-error.ts";
import { recordAudit, staffMemberOf } from "../staff/index.ts";
import { newSupportReference, REFERENCE_RETRY } from "./open-ticket.ts";
import { supportTickets } from "./schema.ts";
import { type Changed, type ReplyDeps, recordReply } from "./ticket-changes.ts";

export type FollowUpTicket = {
  origin: Exclude<TicketOrigin, "contact_form">;
  queryType: QueryType;
  name: string;
  email: string;
  customerId: string | null;
  orderNumber: string;
  /** The conversation's first message: the customer's words, or what they did. */
  message: string;
  reply: string;
  /** What was answered, for the audit log: the feedback message or the rated order. */
  answers: { type: "feedback" | "order"; id: string };
};

/**
 * Opens the conversation and sends the reply, in the caller's transaction. A rating is followed
 * up once: a second attempt is told which conversation is already open.
 */
export async function openFollowUp(
  tx: Transaction,
  deps: Omit<ReplyDeps, "db">,
  request: FastifyRequest,
  ticket: FollowUpTicket,
  alreadyOpen: (reference: string) => string,
): Promise<string> {
  const member = staffMemberOf(request);
  return withUniqueRetry(REFERENCE_RETRY, async () => {
    const reference = newSupportReference();
    // ON CONFLICT keeps the transaction usable: a taken reference is tried again, a second
    // follow-up of the same rating is refused.
    const inserted = rowsOf<Changed>(
      await tx.execute(sql`
        insert into support_tickets (reference, status, query_type, name, email, phone,
          order_number, message, customer_id, reply_due_at, first_reply_at, updated_by, origin)
        values (${reference}, 'waiting', ${ticket.queryType}, ${ticket.name}, ${ticket.email}, '',
          ${ticket.orderNumber}, ${ticket.message}, ${ticket.customerId}, null, now(),
          ${member.name}, ${ticket.origin})
        on conflict do nothing
        returning id, reference, name, email, status, locale`),
    )[0];
    if (inserted) {
      await recordReply(tx, deps, request, { ...inserted, body: ticket.reply, before: null });
      await recordAudit(tx, request, {
        action: `${ticket.origin}.follow_up`,
        targetType: ticket.answers.type,
        targetId: ticket.answers.id,
        after: { ticket: reference },
      });
      return reference;
    }
    if (ticket.origin === "rating") {
      const [open] = await tx
        .select({ reference: supportTickets.reference })
        .from(supportTickets)
        .where(
          and(
            eq(supportTickets.origin, "rating"),
            eq(supportTickets.orderNumber, ticket.orderNumber),
          ),
        );
      if (open) throw new AppError("CONFLICT", alreadyOpen(open.reference));
    }
    return COLLIDED;
  });
}
