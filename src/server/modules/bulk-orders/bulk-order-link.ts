import { isSignedToken, linkKeyFrom, signedToken } from "../mail/index.ts";

/**
 * How long an emailed link opens the request. Every email about it (acknowledgement, quote,
 * receipt) carries a fresh link, so a planner who is still hearing from us keeps access; a link
 * left in an old inbox or a forwarded mail stops working.
 */
export const LINK_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;

const subject = (ticketId: string) => `bulk-order:${ticketId}`;

/** The emailed link's token for this request, good until `expiresAt`. */
export const linkToken = (key: string, ticketId: string, expiresAt: Date) =>
  signedToken(key, subject(ticketId), expiresAt);

/** A token made by `linkToken` for this request that has not expired at `now`. */
export const isLinkToken = (key: string, ticketId: string, token: string | undefined, now?: Date) =>
  isSignedToken(key, subject(ticketId), token, now);

/** The request's page with a token good for LINK_LIFETIME_MS from `now`. */
export function confirmationLink(
  publicUrl: string,
  secret: string,
  ticketId: string,
  now: Date = new Date(),
): string {
  const expiresAt = new Date(now.getTime() + LINK_LIFETIME_MS);
  const query = new URLSearchParams({
    ticket: ticketId,
    token: linkToken(secret, ticketId, expiresAt),
  });
  return `${publicUrl.replace(/\/+$/, "")}/bulk-order-confirmation?${query}`;
}

/** A key of its own for these links, so one kind of link never stands in for another. */
export const bulkLinkKeyFrom = (storeSecret: string) =>
  linkKeyFrom(storeSecret, "bulk-order-links");
