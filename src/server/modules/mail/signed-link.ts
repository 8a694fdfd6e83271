import { createHmac, timingSafeEqual } from "node:crypto";

// The links in the store's emails that open a record without an account (a bulk request, a
// support ticket) carry a token: an HMAC of what the link opens and its expiry, under a key of
// the link's kind. Every mail can carry a working link without the store keeping a token per mail;
// an edited expiry, another record's id or another kind's key no longer matches the MAC.

const MAC_LENGTH = 32;
/** The MAC, then the expiry in Unix seconds: both inside the token, the expiry under the MAC. */
const TOKEN = new RegExp(`^([A-Za-z0-9_-]{${MAC_LENGTH}})([0-9]{1,12})$`);

function mac(key: string, subject: string, expiresAtSeconds: number): string {
  return createHmac("sha256", key)
    .update(`${subject}:${expiresAtSeconds}`)
    .digest("base64url")
    .slice(0, MAC_LENGTH);
}

/** A token for `subject` (e.g. "support-ticket:SUP-123456") that stops working at `expiresAt`. */
export function signedToken(key: string, subject: string, expiresAt: Date): string {
  const seconds = Math.floor(expiresAt.getTime() / 1000);
  return `${mac(key, subject, seconds)}${seconds}`;
}

/** A token made by `signedToken` for this subject under this key, not expired at `now`. */
export function isSignedToken(
  key: string,
  subject: string,
  token: string | undefined,
  now: Date = new Date(),
): boolean {
  const parts = token ? TOKEN.exec(token) : null;
  if (!parts) return false;
  const seconds = Number(parts[2]);
  const expected = Buffer.from(mac(key, subject, seconds));
  const given = Buffer.from(parts[1]!);
  if (!timingSafeEqual(given, expected)) return false;
  return now.getTime() < seconds * 1000;
}

/** A key of each link kind's own, derived from the store's secret. */
export function linkKeyFrom(storeSecret: string, kind: string): string {
  return createHmac("sha256", storeSecret).update(kind).digest("base64url");
}
