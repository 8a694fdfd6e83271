import http, { type IncomingMessage, type ServerResponse } from "node:http";
import type { FastifyBaseLogger, FastifyRequest, FastifyServerFactory } from "fastify";
import { type CachedBody, type CachedReply, type CachePolicy, cachedReply } from "./cached-body.ts";
import { REQUEST_ID_HEADER } from "./request-id.ts";

/** Addresses kept at most: room for every category and common search, not for made-up ones. */
const MAX_KEPT = 256;
/** A longer address is answered by the routes every time rather than kept. */
const MAX_KEPT_URL = 512;

type Kept = {
  route: string;
  policy: CachePolicy;
  /** The bytes the route would answer now, or nothing once they are outdated. */
  current: () => CachedBody | undefined;
  /** The header lists made for `listsOf`, by variant (`VARIANTS`, then 304). */
  listsOf?: CachedBody;
  lists: string[][];
};

/** The encodings an answer may go out in, as `cachedReply` names them. */
const VARIANTS = ["", "gzip", "br"];

/** Fastify's options for the server it would make, with its defaults filled in. */
type ServerTimings = {
  https?: unknown;
  http2?: boolean;
  keepAliveTimeout: number;
  requestTimeout: number;
  connectionTimeout: number;
  maxRequestsPerSocket: number;
};

/** What every answer carries, and how it is counted: the app's own, given once it is built. */
export type LaneSetup = {
  /** The headers every answer carries (security-headers.ts). */
  headers: Record<string, string>;
  requestId: (request: IncomingMessage) => string;
  /** Counts an answer as the app's onResponse hook does (metrics-routes.ts). */
  count: (method: string, route: string, status: number, seconds: number) => void;
  /**
   * Where the app logs each request, when it does (LOG_LEVEL info and more verbose): the lane
   * writes the same two lines, with the client's address as the app sees it.
   */
  requestLog?: {
    log: FastifyBaseLogger;
    clientAddress: (request: IncomingMessage) => string | undefined;
  };
};

/**
 * A lane in front of the framework for the busiest reads (the catalogue list every shop visit
 * asks for): a GET whose exact address a route has answered before, with bytes that depend on
 * nothing but that address, is answered here from those bytes (ETag, 304 and compression as
 * the route does, `cachedReply`) without routing, hooks or validation, which cost more than
 * writing the answer itself. Any other request, and any address whose bytes are outdated, goes to
 * the app. The address was checked by every guard when the route answered it, and the guards of
 * a GET look at nothing else; the routes that keep answers here must read no cookie, session or
 * limit.
 * When the app logs each request, the lane logs its answers with the same lines.
 */
export function createReadyAnswers() {
  const kept = new Map<string, Kept>();
  let setup: LaneSetup | undefined;
  let open = false;

  /**
   * The headers of one reply as a flat list, made once per body and variant (all but the
   * request id are the same every time): copying a list is cheaper than spreading objects.
   */
  function headerListOf(entry: Kept, body: CachedBody, reply: CachedReply, given: LaneSetup) {
    if (entry.listsOf !== body) {
      entry.listsOf = body;
      entry.lists = [];
    }
    const variant =
      reply.status === 304 ? 3 : VARIANTS.indexOf(reply.headers["content-encoding"] ?? "");
    let list = entry.lists[variant];
    if (!list) {
      const headers = {
        [REQUEST_ID_HEADER]: "",
        ...given.headers,
        ...reply.headers,
        ...(reply.body ? { "content-length": String(reply.body.length) } : {}),
      };
      list = Object.entries(headers).flat();
      entry.lists[variant] = list;
    }
    return list;
  }

  function answer(request: IncomingMessage, response: ServerResponse): boolean {
    if (!open || !setup || request.method !== "GET" || request.url === undefined) return false;
    const entry = kept.get(request.url);
    const body = entry?.current();
    if (!entry || !body) return false;
    const started = performance.now();
    const reply = cachedReply(request.headers, body, entry.policy);
    const headers = headerListOf(entry, body, reply, setup).slice();
    const id = setup.requestId(request);
    headers[1] = id;
    const log = setup.requestLog && logRequest(setup.requestLog, request, id);
    response.writeHead(reply.status, headers);
    response.end(reply.body);
    const elapsed = performance.now() - started;
    log?.info({ res: { statusCode: reply.status }, responseTime: elapsed }, "request completed");
    setup.count("GET", entry.route, reply.status, elapsed / 1000);
    return true;
  }

  /** Fastify's first line about a request, from the request's own logger (named by its id). */
  function logRequest(
    { log, clientAddress }: NonNullable<LaneSetup["requestLog"]>,
    request: IncomingMessage,
    id: string,
  ) {
    const logger = log.child({ reqId: id });
    const seen = {
      method: request.method,
      url: request.url,
      ip: clientAddress(request),
      socket: request.socket,
    };
    logger.info({ req: seen }, "incoming request");
    return logger;
  }

  /** A lane that fails answers nothing: the app answers instead, or reports the error itself. */
  function answerOrPass(request: IncomingMessage, response: ServerResponse): boolean {
    try {
      return answer(request, response);
    } catch (error) {
      if (response.headersSent) throw error;
      return false;
    }
  }

  return {
    /** Fastify's serverFactory: its own HTTP/1 server, with this lane before the app. */
    serverFactory: ((handler, given) => {
      const options = given as ServerTimings;
      // TLS ends at the proxy in front (README); a server of another kind would need its own lane.
      if (options.https || options.http2) throw new Error("The store serves plain HTTP/1.1.");
      const server = http.createServer((request, response) => {
        if (!answerOrPass(request, response)) handler(request, response);
      });
      // As Fastify sets up the server it makes itself (its defaults are filled in by then).
      server.keepAliveTimeout = options.keepAliveTimeout;
      server.requestTimeout = options.requestTimeout;
      server.setTimeout(options.connectionTimeout);
      if (options.maxRequestsPerSocket > 0)
        server.maxRequestsPerSocket = options.maxRequestsPerSocket;
      return server;
    }) satisfies FastifyServerFactory,

    /** Starts answering, with the app's headers, counter and request log. */
    open(given: LaneSetup): void {
      setup = given;
      open = true;
    },

    /** Stops answering (the app is closing: every request then gets the app's own answer). */
    close(): void {
      open = false;
      kept.clear();
    },

    /**
     * A route's GET answer for this exact address, to be answered here from now on while
     * `current` gives bytes. Called by the route once it has answered the address.
     */
    keep(request: FastifyRequest, policy: CachePolicy, current: Kept["current"]): void {
      const url = request.raw.url;
      if (!open || request.method !== "GET" || !url || url.length > MAX_KEPT_URL) return;
      if (kept.has(url)) return;
      if (kept.size >= MAX_KEPT) kept.clear();
      kept.set(url, { route: request.routeOptions.url ?? url, policy, current, lists: [] });
    },
  };
}

export type ReadyAnswers = ReturnType<typeof createReadyAnswers>;
