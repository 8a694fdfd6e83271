import { sql } from "drizzle-orm";
import client from "prom-client";
import { type DatabaseHandle, rowsOf } from "../db/client.ts";
import { createRequestTimings } from "./request-timings.ts";

const PREFIX = "fhh_";

export const REQUEST_SECONDS_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.2, 0.5, 1, 2, 5] as const;

/**
 * The store's Prometheus metrics, one registry per app (tests build several in one process).
 * Counters are counted where the thing happens (orders, payments, refusals); the mail queue and
 * the database's load are read when Prometheus asks, so they cost nothing between scrapes.
 */
export function createMetrics(
  database: DatabaseHandle,
  reads: { lateOrders: () => Promise<number> },
) {
  const registry = new client.Registry();
  // Gauges that share a reading take it once per scrape (see `scrape` below).
  let scrapes = 0;
  function oncePerScrape<T>(read: () => T): () => T {
    let last: { scrape: number; value: T } | undefined;
    return () => {
      if (last?.scrape !== scrapes) last = { scrape: scrapes, value: read() };
      return last.value;
    };
  }
  const registers = [registry];
  client.collectDefaultMetrics({ register: registry, prefix: PREFIX });

  const requestSeconds = createRequestTimings({
    name: `${PREFIX}http_request_duration_seconds`,
    help: "Time to answer a request, by route (its pattern, not the path) and status",
    buckets: REQUEST_SECONDS_BUCKETS,
    registers,
  });
  const orders = new client.Counter({
    name: `${PREFIX}orders_total`,
    help: "Checkouts by outcome: placed, awaiting_payment, or the error code that refused them",
    labelNames: ["outcome"] as const,
    registers,
  });
  const payments = new client.Counter({
    name: `${PREFIX}payments_total`,
    help: "Online payments reported (by the browser or a webhook), by what came of them",
    labelNames: ["outcome"] as const,
    registers,
  });
  const rateLimited = new client.Counter({
    name: `${PREFIX}rate_limited_total`,
    help: "Requests refused by a rate limit, by route",
    labelNames: ["route"] as const,
    registers,
  });
  const readyAnswers = new client.Counter({
    name: `${PREFIX}http_ready_answers_total`,
    help: "Answers sent from the server's lane of ready answers, before the app, by route",
    labelNames: ["route"] as const,
    registers,
  });
  const server5xx = new client.Counter({
    name: `${PREFIX}http_server_errors_total`,
    help: "Answers with a 5xx status, by route and status",
    labelNames: ["route", "status"] as const,
    registers,
  });

  const mailQueue = oncePerScrape(async () => {
    const [row] = rowsOf<{ depth: number; oldest: number | null }>(
      await database.db.execute(sql`
        select count(*)::int as depth,
          extract(epoch from now() - min(created_at))::float8 as oldest
        from mail_outbox where status = 'pending'`),
    );
    return { depth: Number(row?.depth ?? 0), oldest: Number(row?.oldest ?? 0) };
  });
  // Read once for its three gauges: PGlite's utilisation is "since the last look".
  const load = oncePerScrape(() => database.load());
  new client.Gauge({
    name: `${PREFIX}mail_queue_depth`,
    help: "Emails waiting to be sent",
    registers,
    async collect() {
      this.set((await mailQueue()).depth);
    },
  });
  new client.Gauge({
    name: `${PREFIX}mail_oldest_unsent_seconds`,
    help: "Age of the oldest email not sent yet (0 when none waits)",
    registers,
    async collect() {
      this.set((await mailQueue()).oldest);
    },
  });
  new client.Gauge({
    name: `${PREFIX}orders_late`,
    help: "Orders past the 60-minute delivery promise and not delivered",
    registers,
    async collect() {
      this.set(await reads.lateOrders());
    },
  });
  new client.Gauge({
    name: `${PREFIX}db_pool_waiting`,
    help: "PostgreSQL: queries waiting for a connection of this instance's pool",
    registers,
    collect() {
      const now = load();
      this.set(now.kind === "postgres" ? now.waiting : 0);
    },
  });
  new client.Gauge({
    name: `${PREFIX}db_pool_connections`,
    help: "PostgreSQL: connections this instance's pool holds",
    registers,
    collect() {
      const now = load();
      this.set(now.kind === "postgres" ? now.total : 0);
    },
  });
  new client.Gauge({
    name: `${PREFIX}pglite_thread_utilisation`,
    help: "PGlite: share of time (0-1) its thread was at work since the last scrape",
    registers,
    collect() {
      const now = load();
      this.set(now.kind === "pglite" ? now.threadBusy : 0);
    },
  });
  // Only a store with DATABASE_READ_URL has these: an alert on them never fires without one.
  if (database.reads.state().configured) {
    new client.Gauge({
      name: `${PREFIX}read_replica_in_use`,
      help: "1 while the catalogue and figures are read from the replica, 0 while from the primary",
      registers,
      collect() {
        const replica = database.reads.state();
        this.set(replica.configured && replica.inUse ? 1 : 0);
      },
    });
    new client.Gauge({
      name: `${PREFIX}read_replica_lag_seconds`,
      help: "How far the read replica was behind the primary at its last check (-1: no answer)",
      registers,
      collect() {
        const replica = database.reads.state();
        this.set(replica.configured ? (replica.lagSeconds ?? -1) : -1);
      },
    });
  }

  return {
    registry,
    /** The metrics in Prometheus' text format, each shared reading taken afresh once. */
    scrape() {
      scrapes++;
      return registry.metrics();
    },
    requestSeconds,
    server5xx,
    readyAnswers,
    orders,
    payments,
    rateLimited,
  };
}
export type Metrics = ReturnType<typeof createMetrics>;

declare module "fastify" {
  interface FastifyInstance {
    metrics: Metrics;
  }
}
