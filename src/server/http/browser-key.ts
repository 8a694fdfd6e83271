import { createHash, createHmac, randomBytes } from "node:crypto";
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

const randomKey = () => randomBytes(32).toString("base64url");

/**
 * Gives the browser an access key in an HTTP-only cookie the first time it places an order, so it
 * can read its orders again after a reload without an account. Only the hash is stored. The key is
 * random unless `mint` says how to make it (a checkout's key, below).
 */
export function ensureBrowserKeyHash(
  request: FastifyRequest,
  reply: FastifyReply,
  secure: boolean,
  mint: () => string = randomKey,
) {
  const existing = readBrowserKeyHash(request, secure);
  if (existing) return existing;
  const key = mint();
  reply.setCookie(browserKeyCookie(secure), key, {
    ...cookieOptions(secure),
    maxAge: ONE_YEAR_SECONDS,
  });
  return hashBrowserKey(key);
}

/**
 * The key a checkout gives a client that came with none, signed in as no one (decision 42): made
 * from its Idempotency-Key and its network, so when the answer that set it is lost, the retry (the
 * same key from the same network, and still no cookie) is given the same key and reaches its order.
 * Only a holder of the Idempotency-Key, which the client drew at random and sent to the store
 * alone, gets it; a client of another network with the key gets another one, and a 422.
 */
export const checkoutBrowserKey = (secret: string, idempotencyKey: string, network: string) =>
  createHmac("sha256", secret)
    .update(`checkout-browser-key\0${idempotencyKey}\0${network}`)
    .digest("base64url");

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
