import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * How long an emailed link opens the request. Every email about it (acknowledgement, quote,
 * receipt) carries a fresh link, so a planner who is still hearing from us keeps access; a link
 * left in an old inbox or a forwarded mail stops working.
 */
export const LINK_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;

const MAC_LENGTH = 32;
/** The MAC, then the expiry in Unix seconds: both inside the token, the expiry under the MAC. */
const TOKEN = new RegExp(`^([A-Za-z0-9_-]{${MAC_LENGTH}})([0-9]{1,12})$`);

function mac(secret: string, ticketId: string, expiresAtSeconds: number): string {
  return createHmac("sha256", secret)
    .update(`bulk-order:${ticketId}:${expiresAtSeconds}`)
    .digest("base64url")
    .slice(0, MAC_LENGTH);
}

/**
 * The emailed link's token: an HMAC of the ticket and the link's expiry under the store's secret,
 * so every mail can carry a working link without the store keeping a token per mail, and an
 * edited expiry no longer matches its MAC.
 */
export function linkToken(secret: string, ticketId: string, expiresAt: Date): string {
  const seconds = Math.floor(expiresAt.getTime() / 1000);
  return `${mac(secret, ticketId, seconds)}${seconds}`;
}

/** A token made by `linkToken` for this ticket that has not expired at `now`. */
export function isLinkToken(
  secret: string,
  ticketId: string,
  token: string | undefined,
  now: Date = new Date(),
): boolean {
  const parts = token ? TOKEN.exec(token) : null;
  if (!parts) return false;
  const seconds = Number(parts[2]);
  const expected = Buffer.from(mac(secret, ticketId, seconds));
  const given = Buffer.from(parts[1]!);
  if (!timingSafeEqual(given, expected)) return false;
  return now.getTime() < seconds * 1000;
}

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

/** A key of its own for these links, derived from the store's secret, so one never stands in for the other. */
export function linkKeyFrom(storeSecret: string): string {
  return createHmac("sha256", storeSecret).update("bulk-order-links").digest("base64url");
}
