import type { FastifyInstance } from "fastify";
import { AppError } from "./app-error.ts";

/**
 * Segments of plain characters (RFC 3986 unreserved, the sub-delimiters but `;`, `:`, `@`) and
 * percent escapes, each segment after one slash; a trailing slash is allowed. `;` is out: some
 * servers read it as a parameter delimiter. One character class between fixed slashes, so the
 * test is linear whatever the input.
 */
const PLAIN_PATH = /^(?:\/[A-Za-z0-9\-._~!$&'()*+,=:@%]+)*\/?$/;
const DOT_SEGMENT = /\/\.\.?(?:\/|$)/;
const ESCAPE = /%([0-9A-Fa-f]{2})?/g;
const UNRESERVED = /[A-Za-z0-9\-._~]/;

/**
 * An escape that changes what a path means once decoded: an unreserved character (never escaped
 * in a canonical path, so `/ap%69/` and `/api/` would be two names for one route), a slash or
 * backslash (a segment split only after routing), a percent (decoded twice), or a control byte.
 */
function isAmbiguousEscape(hex: string | undefined): boolean {
  if (hex === undefined) return true;
  const byte = Number.parseInt(hex, 16);
  const char = String.fromCharCode(byte);
  return byte < 0x20 || byte === 0x7f || "/\\%".includes(char) || UNRESERVED.test(char);
}

/**
 * Whether a request target's path has exactly one spelling: what Fastify's router matches is then
 * what Better Auth (which resolves dot segments and backslashes as a browser does) and the
 * static files see. Absolute-form targets, `*`, dot segments, repeated slashes, backslashes,
 * control characters and ambiguous escapes are not canonical. The query is not looked at.
 */
export function isCanonicalPath(url: string): boolean {
  const queryAt = url.indexOf("?");
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  if (!PLAIN_PATH.test(path) || DOT_SEGMENT.test(path)) return false;
  if (!path.includes("%")) return true;
  for (const [, hex] of path.matchAll(ESCAPE)) if (isAmbiguousEscape(hex)) return false;
  return true;
}

export const NOT_CANONICAL =
  "This address is not written the usual way (dot segments, doubled slashes, backslashes, broken or needless %-escapes). Please use the store's own links.";

/** Refuses, before any route runs (static files and the page fallback too), a path spelled two ways. */
export function registerCanonicalPaths(app: FastifyInstance) {
  app.addHook("onRequest", (request, _reply, done) => {
    done(isCanonicalPath(request.url) ? undefined : new AppError("BAD_REQUEST", NOT_CANONICAL));
  });
}
