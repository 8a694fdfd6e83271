import { createHash, randomBytes } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/**
 * The cookie's name. Under https it carries the `__Host-` prefix: the browser then keeps it only
 * if it is Secure, for Path=/ and without a Domain, so no other site or subdomain (nor a plain
 * http answer) can plant a key of its own choosing in the store's name.
 */
export const browserKeyCookie = (secure: boolean) =>
  secure ? "__Host-fhh_browser" : "fhh_browser";

const cookieOptions = (secure: boolean) =>
  ({ httpOnly: true, sameSite: "lax", secure, path: "/" }) as const;

export const hashBrowserKey = (key: string) => createHash("sha256").update(key).digest("hex");

/** The hash of this browser's access key, if it has one: what guest orders are filed under. */
export function readBrowserKeyHash(request: FastifyRequest, secure: boolean) {
  const key = request.cookies[browserKeyCookie(secure)];
  return key && /^[A-Za-z0-9_-]{43}$/.test(key) ? hashBrowserKey(key) : undefined;
}

/**
 * Gives the browser a random access key in an HTTP-only cookie the first time it places an order,
 * so it can read its orders again after a reload without an account. Only the hash is stored.
 */
export function ensureBrowserKeyHash(
  request: FastifyRequest,
  reply: FastifyReply,
  secure: boolean,
) {
  const existing = readBrowserKeyHash(request, secure);
  if (existing) return existing;
  const key = randomBytes(32).toString("base64url");
  reply.setCookie(browserKeyCookie(secure), key, {
    ...cookieOptions(secure),
    maxAge: ONE_YEAR_SECONDS,
  });
  return hashBrowserKey(key);
}

/**
 * The cookie that keeps the orders this browser opened from their emailed links (orders/
 * order-link.ts): each with its signed token, so the cookie grants no more than the links did.
 */
export const orderLinksCookie = (secure: boolean) =>
  secure ? "__Host-fhh_order_links" : "fhh_order_links";

/** Sets the opened orders' cookie for as long as the newest link lasts. */
export function keepOrderLinks(
  reply: FastifyReply,
  secure: boolean,
  value: string,
  maxAgeSeconds: number,
) {
  reply.setCookie(orderLinksCookie(secure), value, {
    ...cookieOptions(secure),
    maxAge: maxAgeSeconds,
  });
}

/**
 * Drops the browser's access key and the orders it opened from emailed links (at sign-out): the
 * next person at a shared computer cannot reopen the guest orders and invoices seen on it.
 */
export function forgetBrowserKey(reply: FastifyReply, secure: boolean) {
  reply.clearCookie(browserKeyCookie(secure), cookieOptions(secure));
  reply.clearCookie(orderLinksCookie(secure), cookieOptions(secure));
}
