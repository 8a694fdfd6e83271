import { sql } from "drizzle-orm";
import { type Database, rowsOf } from "../db/client.ts";
import { deleteOlderInBatch } from "../db/delete-in-batches.ts";
import { rateLimits } from "../db/schema/index.ts";

type IncrResult = { current: number; ttl: number };
type Callback = (error: Error | null, result?: IncrResult) => void;

/**
 * A @fastify/rate-limit store on the database: one fixed window per key, counted with a single
 * upsert, so every instance of the store sees the same count.
 */
export function databaseRateLimitStore(db: Database) {
  return class DatabaseRateLimitStore {
    readonly prefix: string;

    constructor(_options?: unknown, prefix = "global") {
      this.prefix = prefix;
    }

    incr(key: string, callback: Callback, timeWindow: number): void {
      const now = Date.now();
      const storedKey = `${this.prefix}:${key}`;
      db.execute(sql`
        insert into rate_limits (key, count, window_started_at)
        values (${storedKey}, 1, ${now})
        on conflict (key) do update set
          count = case when rate_limits.window_started_at + ${timeWindow} <= ${now}
                       then 1 else rate_limits.count + 1 end,
          window_started_at = case when rate_limits.window_started_at + ${timeWindow} <= ${now}
                       then ${now} else rate_limits.window_started_at end
        returning count, window_started_at`)
        .then((result) => {
          const row = rowsOf<{ count: number; window_started_at: string }>(result)[0]!;
          const ttl = Number(row.window_started_at) + timeWindow - now;
          callback(null, { current: Number(row.count), ttl: Math.max(ttl, 0) });
        })
        .catch((error: Error) => callback(error));
    }

    child(routeOptions: object) {
      // The plugin passes the merged limits with the route they apply to under `routeInfo`.
      const route = (routeOptions as { routeInfo?: { method?: string; url?: string } }).routeInfo;
      return new DatabaseRateLimitStore(
        undefined,
        route?.url ? `${route.method} ${route.url}` : this.prefix,
      );
    }
  };
}

/**
 * Deletes up to `batch` counters whose window started before `before` (ms since the epoch):
 * with every window in use shorter than the age pruned, those windows have ended, and a key
 * that comes back starts a new one. Rows another instance is counting (or deleting) are
 * skipped, so instances pruning at once never wait on each other. Answers how many went.
 */
export const pruneRateLimits = (db: Database, before: number, batch: number) =>
  deleteOlderInBatch(
    db,
    { table: rateLimits, key: rateLimits.key, age: rateLimits.windowStartedAt },
    before,
    batch,
  );
