import { createHmac } from "node:crypto";

/** A key of its own for one-time codes, derived from the store's secret. */
export function codeKeyFrom(storeSecret: string): Buffer {
  return createHmac("sha256", storeSecret).update("one-time-codes").digest();
}

/**
 * How reset and verification codes are stored: HMAC-SHA256 under the code key. A bare hash of
 * six digits is undone by trying all million; without the secret a copy of the database gives
 * nothing away.
 */
export function codeHasher(storeSecret: string) {
  const key = codeKeyFrom(storeSecret);
  return async (code: string) => createHmac("sha256", key).update(code).digest("base64url");
}
