import { createHash, randomBytes } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";

const COOKIE = "fhh_browser";
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

export const hashBrowserKey = (key: string) => createHash("sha256").update(key).digest("hex");

/** The hash of this browser's access key, if it has one: what guest orders are filed under. */
export function readBrowserKeyHash(request: FastifyRequest): string | undefined {
  const key = request.cookies[COOKIE];
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
  const existing = readBrowserKeyHash(request);
  if (existing) return existing;
  const key = randomBytes(32).toString("base64url");
  reply.setCookie(COOKIE, key, {
    httpOnly: true,
    sameSite: "lax",
    secure,
    path: "/",
    maxAge: ONE_YEAR_SECONDS,
  });
  return hashBrowserKey(key);
}
