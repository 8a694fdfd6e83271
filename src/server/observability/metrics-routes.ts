import { timingSafeEqual } from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { isLocalDirectCaller } from "../http/local-caller.ts";
import { noRoute } from "../http/no-route.ts";
import type { Metrics } from "./metrics.ts";

export const METRICS_PATH = "/metrics";

/**
 * Whether this request may read the metrics: with a token, whoever bears it; without one, only
 * a scraper on this machine talking to the store directly.
 */
function mayScrape(request: FastifyRequest, token: string | undefined): boolean {
  if (token) {
    const given = Buffer.from(request.headers.authorization ?? "");
    const expected = Buffer.from(`Bearer ${token}`);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
  return isLocalDirectCaller(request);
}

/** Counts one answer: its time by route (the pattern, not the path) and status, and any server error or refusal. */
export function countAnswer(
  metrics: Metrics,
  method: string,
  route: string,
  statusCode: number,
  seconds: number,
): void {
  metrics.requestSeconds.observe(method, route, statusCode, seconds);
  if (statusCode >= 500) metrics.server5xx.inc({ route, status: String(statusCode) });
  if (statusCode === 429) metrics.rateLimited.inc({ route });
}

/** Times every answer and counts server errors; serves the metrics to Prometheus. */
export function metricsRoutes(app: FastifyInstance, metrics: Metrics, token: string | undefined) {
  app.addHook("onResponse", (request, reply, done) => {
    countAnswer(
      metrics,
      request.method,
      request.routeOptions.url ?? "unmatched",
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
    done();
  });

  app.get(METRICS_PATH, { schema: { hide: true } }, async (request, reply) => {
    // Anyone else is told there is nothing here, as for any unserved path.
    if (!mayScrape(request, token)) throw noRoute(request);
    reply.header("content-type", metrics.registry.contentType);
    reply.header("cache-control", "no-store");
    return metrics.scrape();
  });
}
