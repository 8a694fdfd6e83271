import { AsyncLocalStorage } from "node:async_hooks";
import { randomBytes } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { FastifyInstance } from "fastify";
import { proxyTrust, type TrustProxySetting } from "./trusted-proxies.ts";

export const REQUEST_ID_HEADER = "x-request-id";

/** 12 random bytes: 16 characters of base64url. */
const ID_BYTES = 12;
/** Ids drawn from the system's random source per batch: one call per request cost ~4% of a small answer's CPU. */
const IDS_PER_DRAW = 256;

/** What a proxy's id may look like (nginx's $request_id, haproxy's unique-id, a UUID). */
const PROXY_ID = /^[A-Za-z0-9._:-]{8,64}$/;

/**
 * Fastify's genReqId: the id the trusted proxy in front gave the request, so its access log and
 * ours name it alike; otherwise 16 random characters, unique across instances (Fastify's own
 * "req-1" starts again at every restart and on every instance). A client cannot choose its id:
 * the header counts only from a proxy the store trusts.
 */
export function requestIdGenerator(trust: TrustProxySetting) {
  const trusted = proxyTrust(trust);
  let pool = Buffer.alloc(0);
  let next = 0;
  const randomId = () => {
    if (next === pool.length) {
      pool = randomBytes(ID_BYTES * IDS_PER_DRAW);
      next = 0;
    }
    next += ID_BYTES;
    return pool.toString("base64url", next - ID_BYTES, next);
  };
  return (request: IncomingMessage): string => {
    const given = request.headers[REQUEST_ID_HEADER];
    if (
      trusted &&
      typeof given === "string" &&
      PROXY_ID.test(given) &&
      trusted(request.socket?.remoteAddress ?? "", 0)
    ) {
      return given;
    }
    return randomId();
  };
}

/** The request being served, for log lines written outside its own logger (app.log in a module). */
const current = new AsyncLocalStorage<string>();

/**
 * pino's mixin: every line logged while a request is served names it, including lines a module
 * writes with the app's logger. Lines of the request's own logger already carry it.
 */
export function requestIdMixin(
  _merge: object,
  _level: number,
  logger?: { bindings(): Record<string, unknown> },
) {
  const id = current.getStore();
  if (id === undefined || logger?.bindings().reqId !== undefined) return {};
  return { reqId: id };
}

/** Every answer names its request, so a shopper's complaint can be found in the logs. */
export function registerRequestId(app: FastifyInstance): void {
  app.addHook("onRequest", (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    current.run(request.id, done);
  });
}
