import { randomInt } from "node:crypto";
import type { SupportRequest } from "../../../shared/contracts/support.ts";
import type { Database } from "../../db/client.ts";
import { supportTickets } from "../../db/schema/index.ts";
import { isUniqueViolation } from "../../db/unique-violation.ts";
import { enqueueMail } from "../mail/outbox.ts";
import { supportAcknowledgement } from "./support-email.ts";

const REFERENCE_ATTEMPTS = 5;

/** SUP- and six random digits; uniqueness is the database's (a unique index and a retry). */
export function newSupportReference(): string {
  return `SUP-${String(randomInt(0, 1_000_000)).padStart(6, "0")}`;
}

/**
 * Files a contact-form message as a ticket and queues its acknowledgement in the same
 * transaction, so a ticket never lacks its email nor an email its ticket.
 */
export async function openSupportTicket(
  db: Database,
  request: SupportRequest,
  customerId: string | null,
  newReference: () => string = newSupportReference,
): Promise<{ reference: string }> {
  // A filled honeypot means a bot: answer as usual so it learns nothing, but keep nothing.
  if (request.website) return { reference: newReference() };
  for (let attempt = 1; ; attempt++) {
    const reference = newReference();
    try {
      await db.transaction(async (tx) => {
        await tx.insert(supportTickets).values({
          reference,
          queryType: request.queryType,
          name: request.name,
          email: request.email,
          phone: request.phone,
          orderNumber: request.orderNumber,
          message: request.message,
          customerId,
        });
        await enqueueMail(tx, supportAcknowledgement(reference, request));
      });
      return { reference };
    } catch (error) {
      if (
        isUniqueViolation(error, "support_tickets_reference_unique") &&
        attempt < REFERENCE_ATTEMPTS
      ) {
        continue;
      }
      throw error;
    }
  }
}
