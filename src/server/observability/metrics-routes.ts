import { createHash, timingSafeEqual } from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Config } from "../config.ts";
import { isLocalDirectCaller } from "../http/local-caller.ts";
import { noRoute } from "../http/no-route.ts";
import type { Metrics } from "./metrics.ts";

export const METRICS_PATH = "/metrics";

/** Who may scrape: the settings that decide it (config.ts). */
export type MetricsAccess = Pick<Config, "metricsToken" | "localOnly">;

/** Compared as digests of equal length, so the time taken tells nothing of the token. */
const digest = (text: string) => createHash("sha256").update(text).digest();

/**
 * Whether this request may read the metrics: with a token, whoever bears it; without one, only
 * a scraper on this machine talking to the store directly, and only on a store nobody else can
 * reach. Behind a proxy or on a public interface a forwarding header is all that tells a
 * forwarded request from a local one, and a proxy need not send one: there a token is required.
 */
function mayScrape(request: FastifyRequest, access: MetricsAccess): boolean {
  if (access.metricsToken) {
    const given = digest(request.headers.authorization ?? "");
    return timingSafeEqual(given, digest(`Bearer ${access.metricsToken}`));
  }
  return access.localOnly && isLocalDirectCaller(request);
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
export function metricsRoutes(app: FastifyInstance, metrics: Metrics, access: MetricsAccess) {
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
    if (!mayScrape(request, access)) throw noRoute(request);
    reply.header("content-type", metrics.registry.contentType);
    reply.header("cache-control", "no-store");
    return metrics.scrape();
  });
}
