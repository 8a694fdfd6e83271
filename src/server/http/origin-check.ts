import type { FastifyInstance, FastifyRequest } from "fastify";
import { AppError } from "./app-error.ts";

const CHANGES_STATE = new Set(["POST", "PUT", "PATCH", "DELETE"]);

function hostOf(origin: string): string | undefined {
  try {
    return new URL(origin).host;
  } catch {
    return undefined;
  }
}

/**
 * Refuses state-changing API requests that a browser sent from another site (cross-site request
 * forgery, including signing a victim in to someone else's account). Allowed: the store's own
 * address, and any origin naming the host the request was sent to. Requests without an Origin
 * (not from a browser, or a same-origin GET-like navigation) pass unless the browser says the
 * request is cross-site.
 */
export function registerOriginCheck(app: FastifyInstance, publicUrl: string) {
  const storeOrigin = new URL(publicUrl).origin;
  const isAllowed = (request: FastifyRequest): boolean => {
    const origin = request.headers.origin;
    if (!origin) return request.headers["sec-fetch-site"] !== "cross-site";
    return origin === storeOrigin || hostOf(origin) === request.host;
  };
  app.addHook("onRequest", async (request) => {
    if (!CHANGES_STATE.has(request.method) || !request.url.startsWith("/api/")) return;
    if (!isAllowed(request)) {
      throw new AppError(
        "FORBIDDEN",
        "This request came from another website and was refused. Please use the store's own pages.",
      );
    }
  });
}
