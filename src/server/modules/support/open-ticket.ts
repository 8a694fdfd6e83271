import { randomInt } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { SupportRequest } from "../../../shared/contracts/support.ts";
import type { Locale } from "../../../shared/i18n/locales.ts";
import { STORE } from "../../../shared/store-info.ts";
import type { Database } from "../../db/client.ts";
import { withUniqueRetry } from "../../db/with-unique-retry.ts";
import { users } from "../auth/schema.ts";
import { notifyStaff } from "../live/index.ts";
import { enqueueMail } from "../mail/index.ts";
import { INBOX_EVENT } from "./inbox-event.ts";
import { supportTickets } from "./schema.ts";
import { supportAcknowledgement } from "./support-email.ts";
import { ticketLink } from "./ticket-link.ts";

/** A new ticket's reference is tried this many times before the ticket is refused. */
export const REFERENCE_RETRY = {
  constraint: "support_tickets_reference_unique",
  attempts: 5,
  what: "support reference",
};

/** SUP- and six random digits; uniqueness is the database's (a unique index and a retry). */
export function newSupportReference(): string {
  return `SUP-${String(randomInt(0, 1_000_000)).padStart(6, "0")}`;
}

/** The reply promise's clock, started at the statement's time. */
export const replyDueSql = sql`now() + make_interval(hours => ${STORE.replyWithinHours})`;

/**
 * Files a contact-form message as a ticket and queues its acknowledgement in the same
 * transaction, so a ticket never lacks its email nor an email its ticket. Customer Relations'
 * inbox hears of it when it commits.
 */
export async function openSupportTicket(
  db: Database,
  request: SupportRequest,
  sender: { customerId: string | null; locale: Locale },
  links: { publicUrl: string; key: string },
  newReference: () => string = newSupportReference,
): Promise<{ reference: string }> {
  // A filled honeypot means a bot: answer as usual so it learns nothing, but keep nothing.
  if (request.website) return { reference: newReference() };
  const { customerId, locale } = sender;
  return withUniqueRetry(REFERENCE_RETRY, async () => {
    const reference = newReference();
    await db.transaction(async (tx) => {
      // A ticket joins the signed-in account only when it names the account's own email: one
      // filed under someone else's address must not show their replies in this account.
      const [account] = customerId
        ? await tx
            .select({ email: users.email, verified: users.emailVerified })
            .from(users)
            .where(eq(users.id, customerId))
        : [];
      const own = account?.email.toLowerCase() === request.email.toLowerCase();
      await tx.insert(supportTickets).values({
        reference,
        queryType: request.queryType,
        name: request.name,
        email: request.email,
        phone: request.phone,
        orderNumber: request.orderNumber,
        message: request.message,
        customerId: own ? customerId : null,
        locale,
        replyDueAt: replyDueSql,
      });
      const link = ticketLink(links.publicUrl, links.key, reference);
      const ownVerifiedAddress = own && account?.verified === true;
      await enqueueMail(
        tx,
        supportAcknowledgement(reference, request, link, { ownVerifiedAddress, locale }),
      );
      await notifyStaff(tx, { ...INBOX_EVENT, id: reference });
    });
    return { reference };
  });
}
