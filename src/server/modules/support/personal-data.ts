// Tickets keep their reference, topic, order number, status and times (the support figures);
// the person and every word of the thread go, the shop's replies too, which greet and quote them.
// The home page's feedback form asks for no account: it is the address's, once proved.
import { and, asc, eq, inArray, ne, or, sql } from "drizzle-orm";
import {
  ERASED_NAME,
  ACCOUNT_DELETION_MESSAGES as WORDS,
} from "../../../shared/contracts/account-deletion.ts";
import type { Database, Transaction } from "../../db/client.ts";
import {
  byProvedAddress,
  ERASED_INBOX,
  type ErasingCustomer,
  erasedAddressSql,
  isoOf,
  type PersonalDataPart,
} from "../../personal-data.ts";
import { feedback, supportMessages, supportTickets } from "./schema.ts";

async function eraseTickets(tx: Transaction, who: ErasingCustomer) {
  const { account } = who;
  const tickets = await tx
    .select({
      id: supportTickets.id,
      reference: supportTickets.reference,
      email: supportTickets.email,
    })
    .from(supportTickets)
    .where(
      or(eq(supportTickets.customerId, account.id), byProvedAddress(account, supportTickets.email)),
    )
    .for("update");
  if (tickets.length === 0) return;
  for (const ticket of tickets) {
    who.references.add(ticket.reference);
    who.addresses.add(ticket.email.toLowerCase());
  }
  const ids = tickets.map((ticket) => ticket.id);
  await tx
    .update(supportTickets)
    .set({
      name: ERASED_NAME,
      email: erasedAddressSql(sql`${supportTickets.reference}`),
      phone: "",
      message: WORDS.erasedText,
      customerId: null,
    })
    .where(inArray(supportTickets.id, ids));
  await tx
    .update(supportMessages)
    .set({ body: WORDS.erasedText })
    .where(inArray(supportMessages.ticketId, ids));
  who.counts.tickets = tickets.length;
}

async function eraseFeedback(tx: Transaction, who: ErasingCustomer) {
  const rows = await tx
    .update(feedback)
    .set({ name: ERASED_NAME, email: ERASED_INBOX, message: WORDS.erasedText })
    .where(byProvedAddress(who.account, feedback.email))
    .returning({ id: feedback.id });
  who.counts.feedback = rows.length;
}

/**
 * Tickets with the conversation the customer saw. Staff's internal notes on a ticket are the
 * shop's working notes, not the customer's conversation, and stay out.
 */
async function exportTickets(db: Database, customerId: string) {
  const tickets = await db
    .select()
    .from(supportTickets)
    .where(eq(supportTickets.customerId, customerId))
    .orderBy(asc(supportTickets.id));
  const thread = tickets.length
    ? await db
        .select()
        .from(supportMessages)
        .where(
          and(
            inArray(
              supportMessages.ticketId,
              tickets.map((ticket) => ticket.id),
            ),
            ne(supportMessages.kind, "note"),
          ),
        )
        .orderBy(asc(supportMessages.id))
    : [];
  return {
    supportTickets: tickets.map((ticket) => ({
      reference: ticket.reference,
      createdAt: isoOf(ticket.createdAt),
      status: ticket.status,
      queryType: ticket.queryType,
      name: ticket.name,
      email: ticket.email,
      phone: ticket.phone,
      orderNumber: ticket.orderNumber,
      message: ticket.message,
      conversation: thread
        .filter((entry) => entry.ticketId === ticket.id)
        .map((entry) => ({
          from: entry.kind === "answer" ? "you" : (entry.staffName ?? "Fresh Harvest Hub"),
          at: isoOf(entry.createdAt),
          text: entry.body,
        })),
    })),
  };
}

/** Tickets with their thread, then feedback (sent without an account: not in the download). */
export const supportPersonalData: PersonalDataPart = {
  tables: [supportTickets, supportMessages, feedback],
  async eraseCustomer(tx, who) {
    await eraseTickets(tx, who);
    await eraseFeedback(tx, who);
  },
  exportCustomer: exportTickets,
};
