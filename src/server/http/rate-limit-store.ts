import { type SQL, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { deleteOlderInBatch } from "../db/delete-in-batches.ts";
import { rateLimits } from "../db/schema/index.ts";
import { type Bind, type OrBound, statementOnce } from "../db/statement-once.ts";

type IncrResult = { current: number; ttl: number };
type Callback = (error: Error | null, result?: IncrResult) => void;

/** What the counting upsert returns. */
export type CountRow = { count: number | string; window_started_at: number | string };

/**
 * One count of a limit's key, as a part of a statement the request sends anyway (so the count
 * costs no round trip of its own): `query(onlyIf)` is the upsert, counting only when `onlyIf`
 * holds and returning a CountRow; `result` reads that row as the store's own count would.
 */
export type StatementCount = {
  query(onlyIf: SQL): SQL;
  result(row: CountRow): IncrResult;
};

type CountValues = { key: string; windowMs: number; now: number };

/** The counting upsert, counting only when `onlyIf` holds; its values as they are or bound. */
const countSql = ({ key, windowMs, now }: OrBound<CountValues>, onlyIf: SQL) => sql`
  insert into rate_limits (key, count, window_started_at)
  select ${key}, 1, ${now} where ${onlyIf}
  on conflict (key) do update set
    count = case when rate_limits.window_started_at + ${windowMs} <= ${now}
                 then 1 else rate_limits.count + 1 end,
    window_started_at = case when rate_limits.window_started_at + ${windowMs} <= ${now}
                 then ${now} else rate_limits.window_started_at end
  returning count, window_started_at`;

/** The store's own count, on every limited request: made once, prepared on each connection. */
const countStatement = statementOnce({
  name: "rate_limit_count",
  shape: () => null,
  build: (_shape, bind: Bind<CountValues>) =>
    countSql(
      {
        key: bind((values) => values.key),
        windowMs: bind((values) => values.windowMs),
        now: bind((values) => values.now),
      },
      sql`true`,
    ),
});

const resultOf = ({ windowMs, now }: CountValues, row: CountRow): IncrResult => ({
  current: Number(row.count),
  ttl: Math.max(Number(row.window_started_at) + windowMs - now, 0),
});

/**
 * One fixed window per key: the first count opens it, a count after it ended opens the next.
 * The store's own statement and a count inside another statement are this one upsert.
 */
function statementCount(key: string, windowMs: number): StatementCount {
  const values = { key, windowMs, now: Date.now() };
  return {
    query: (onlyIf) => countSql(values, onlyIf),
    result: (row) => resultOf(values, row),
  };
}

/** The option a limit made with `app.createRateLimit` passes to hear how to count in statements. */
const IN_STATEMENTS = Symbol("countsInStatements");
type CountsInStatements = (countOf: (key: string) => StatementCount) => void;

/**
 * Options for `app.createRateLimit`: when the store counts in the database, `receive` is handed
 * how to count one of the limit's keys inside a statement of the caller's; with counts kept in
 * memory (one process) it never is, and the limit counts as usual.
 */
export const countsInStatements = (receive: CountsInStatements) =>
  ({ [IN_STATEMENTS]: receive }) as object;

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
      const values = { key: `${this.prefix}:${key}`, windowMs: timeWindow, now: Date.now() };
      countStatement
        .run<CountRow>(db, values)
        .then((rows) => callback(null, resultOf(values, rows[0]!)))
        .catch((error: Error) => callback(error));
    }

    child(routeOptions: object) {
      // The plugin passes the merged limits with the route they apply to under `routeInfo`.
      const options = routeOptions as {
        routeInfo?: { method?: string; url?: string };
        timeWindow?: unknown;
        [IN_STATEMENTS]?: CountsInStatements;
      };
      const route = options.routeInfo;
      const store = new DatabaseRateLimitStore(
        undefined,
        route?.url ? `${route.method} ${route.url}` : this.prefix,
      );
      const { timeWindow } = options;
      if (typeof timeWindow === "number") {
        options[IN_STATEMENTS]?.((key) => statementCount(`${store.prefix}:${key}`, timeWindow));
      }
      return store;
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
