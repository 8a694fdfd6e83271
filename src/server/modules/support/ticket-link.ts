import { ticketPagePath } from "../../../shared/contracts/support-inbox.ts";
import { isSignedToken, linkKeyFrom, signedToken } from "../mail/index.ts";

/**
 * How long an emailed link opens the ticket. Every reply carries a fresh link, so a customer who
 * is still hearing from us keeps access; a link left in an old inbox stops working.
 */
export const TICKET_LINK_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;

const subject = (reference: string) => `support-ticket:${reference}`;

export const ticketLinkKeyFrom = (storeSecret: string) => linkKeyFrom(storeSecret, "support-links");

export const isTicketToken = (
  key: string,
  reference: string,
  token: string | undefined,
  now?: Date,
) => isSignedToken(key, subject(reference), token, now);

/** The ticket's page (path and query) with a token good for the link lifetime from `now`. */
export function ticketPath(key: string, reference: string, now: Date = new Date()): string {
  const expiresAt = new Date(now.getTime() + TICKET_LINK_LIFETIME_MS);
  return ticketPagePath(reference, signedToken(key, subject(reference), expiresAt));
}

export const ticketLink = (publicUrl: string, key: string, reference: string, now?: Date) =>
  `${publicUrl.replace(/\/+$/, "")}${ticketPath(key, reference, now)}`;
