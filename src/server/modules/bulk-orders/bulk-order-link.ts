import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * The emailed link's token: an HMAC of the ticket under the store's secret, so every mail about a
 * request can carry a working link without the store keeping a token per mail.
 */
export function linkToken(secret: string, ticketId: string): string {
  return createHmac("sha256", secret)
    .update(`bulk-order:${ticketId}`)
    .digest("base64url")
    .slice(0, 32);
}

export function isLinkToken(secret: string, ticketId: string, token: string | undefined): boolean {
  if (!token) return false;
  const expected = Buffer.from(linkToken(secret, ticketId));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export function confirmationLink(publicUrl: string, secret: string, ticketId: string): string {
  const query = new URLSearchParams({ ticket: ticketId, token: linkToken(secret, ticketId) });
  return `${publicUrl.replace(/\/+$/, "")}/bulk-order-confirmation?${query}`;
}

/** A key of its own for these links, derived from the store's secret, so one never stands in for the other. */
export function linkKeyFrom(storeSecret: string): string {
  return createHmac("sha256", storeSecret).update("bulk-order-links").digest("base64url");
}
