// What a desk is told when its reply (or resolve, or reopen) meets a ticket that changed after it
// was opened: the 409's `change` says what happened last, who did it and when, and the version to
// send with if the desk sends anyway.
import { z } from "zod";
import { formatIndiaDate, formatShopDateTime, formatShopTime } from "../rules/shop-time.ts";
import { errorBodySchema } from "./errors.ts";

export const TICKET_CHANGE_KINDS = [
  "replied",
  "answered",
  "resolved",
  "reopened",
  "changed",
] as const;
export type TicketChangeKind = (typeof TICKET_CHANGE_KINDS)[number];

export const ticketChangeSchema = z.object({
  kind: z.enum(TICKET_CHANGE_KINDS),
  /** The member's name, or the customer's for "answered". */
  by: z.string(),
  at: z.string(),
  /** The ticket's version now: what "Send anyway" sends with. */
  version: z.number().int(),
  /** How many changes since the version the desk sent (1 or more). */
  count: z.number().int().min(1),
});
export type TicketChange = z.infer<typeof ticketChangeSchema>;

/** A 409 for a ticket that changed since the desk saw it. */
export const ticketConflictSchema = errorBodySchema.extend({
  change: ticketChangeSchema.optional(),
});

/** "10:42 am" today in India, "28 Nov 2026, 10:42 am" on another day. */
function when(at: string, now: Date): string {
  const day = (instant: Date) => formatIndiaDate(instant);
  return day(new Date(at)) === day(now) ? formatShopTime(at) : formatShopDateTime(at);
}

const DID: Record<TicketChangeKind, string> = {
  replied: "replied",
  answered: "wrote again",
  resolved: "resolved this ticket",
  reopened: "reopened this ticket",
  changed: "changed this ticket",
};

export const TICKET_CHANGE_TEXT = {
  /** "Rakesh Nayak replied at 10:42 am"; the customer is named as such. */
  sentence: (change: Pick<TicketChange, "kind" | "by" | "at">, now = new Date()) =>
    `${change.kind === "answered" ? `The customer, ${change.by},` : change.by} ${DID[change.kind]} at ${when(change.at, now)}`,
  /** The 409's message: what changed, and that nothing went out. */
  refusal: (change: TicketChange, now = new Date()) =>
    `${TICKET_CHANGE_TEXT.sentence(change, now)}${
      change.count > 1 ? ` (${change.count} changes since you opened it)` : ""
    }. Your reply was not sent: read the ticket again, or send it anyway.`,
} as const;

/** A reply carries a key per draft: sent again (a retry, a double press), it is not sent twice. */
export const replyHeadersSchema = z.looseObject({
  "idempotency-key": z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,100}$/, "Idempotency-Key must be 8-100 letters, digits, - or _")
    .optional(),
});
