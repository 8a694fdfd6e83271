import type { FastifyInstance, FastifyRequest } from "fastify";
import { AppError } from "./app-error.ts";
import { storeOrigins } from "./store-origins.ts";

const CHANGES_STATE = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** Whether a request brings anything a forged one could use or change: a cookie or a body. */
function carriesCookieOrBody(request: FastifyRequest): boolean {
  const { cookie, "content-length": length, "transfer-encoding": chunked } = request.headers;
  return Boolean(cookie) || (length !== undefined && length !== "0") || chunked !== undefined;
}

/**
 * Refuses state-changing requests that a browser sent from another site (cross-site request
 * forgery, including signing a victim in to someone else's account), on every path: what the
 * router serves does not depend on how the URL was written. Allowed: an Origin that is exactly
 * one of the store's own (scheme, host and port of PUBLIC_URL, or its loopback alias). The Host
 * header plays no part: a client chooses it, so it cannot vouch for an origin. A request
 * without an Origin (browsers send one on every state-changing request) passes only if it
 * brings no cookie and no body, and the browser does not call it cross-site. A route whose
 * config says `signedByProvider` (a payment provider's webhook: a server, not a browser, proves
 * itself with a signature over the body and reads no cookie) is the one exception.
 */
export function registerOriginCheck(app: FastifyInstance, publicUrl: string) {
  const allowed = new Set(storeOrigins(publicUrl));
  const isAllowed = (request: FastifyRequest): boolean => {
    const origin = request.headers.origin;
    if (origin !== undefined) return allowed.has(origin);
    return request.headers["sec-fetch-site"] !== "cross-site" && !carriesCookieOrBody(request);
  };
  // Callback hooks, as in the other guards every request passes: an async hook costs each
  // request a promise and a turn of the microtask queue.
  app.addHook("onRequest", (request, _reply, done) => {
    if (!CHANGES_STATE.has(request.method) || isAllowed(request)) return done();
    if ((request.routeOptions.config as { signedByProvider?: boolean }).signedByProvider) {
      return done();
    }
    done(
      new AppError(
        "FORBIDDEN",
        "This request came from another website and was refused. Please use the store's own pages.",
      ),
    );
  });
}
