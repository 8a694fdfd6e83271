// Runs inside the server child (serve-app.ts with `trace: true`): records what each
// POST /api/orders and POST /api/orders/{n}/... request spends its time on, statement by statement, without touching src/.
// An AsyncLocalStorage store opened when the HTTP server receives the request follows it through
// Fastify and the checkout; the database driver is wrapped to time each statement it sends (for
// PGlite: each query, including its trip to and from the database's thread, and the wait for a
// transaction's lock plus BEGIN, and COMMIT; for PostgreSQL: each query and each wait for a
// pooled connection). Gaps between statements are JavaScript (validation, hashing, the payment
// call, invoice rendering, serialisation);
// bench/support/checkout-steps.ts names them. Recording is off until "trace:start".
import { AsyncLocalStorage } from "node:async_hooks";
import type { Server } from "node:http";
import pg from "pg";
import type { DatabaseHandle } from "../../src/server/db/client.ts";

/**
 * `kind` is "insert orders", "select products", "begin", "commit", "pool wait" (for a
 * transaction's connection), "pool wait: insert rate_limits", ...; times in ms from the
 * request's arrival.
 */
export type TraceEvent = { kind: string; start: number; end: number };
export type RequestTrace = {
  /** The request's path without its query: "/api/orders", "/api/orders/FHH-123456/payment". */
  path: string;
  status: number;
  /** When the request arrived, in ms since "trace:start". */
  arrivedMs: number;
  totalMs: number;
  /** CPU the whole process used while the request was in it (its own share only when alone). */
  cpuMs: number;
  events: TraceEvent[];
};
/** Statements run while tracing outside any traced request (the mail worker, mostly). */
export type Unattributed = Record<string, { count: number; ms: number }>;

type Live = { t0: number; events: TraceEvent[] };
type AnyFunction = (...args: unknown[]) => unknown;

const MAX_TRACES = 50_000;
const round3 = (value: number) => Math.round(value * 1000) / 1000;

/**
 * "insert orders", "update products", "select idempotency_keys", "begin", "commit", ...; a
 * statement of several writes in WITH clauses is "with" and every table it writes, in order:
 * "with products+orders+order_lines+...".
 */
export function classifySql(text: string): string {
  const sql = text.trimStart().toLowerCase();
  const verb = /^[a-z]+/.exec(sql)?.[0] ?? "?";
  if (verb === "begin" || verb === "commit" || verb === "rollback") return verb;
  if (verb === "with") {
    const written = [...sql.matchAll(/\b(?:insert into|(?<!for )update)\s+"?([a-z_]+)"?/g)].map(
      (m) => m[1],
    );
    if (written.length > 0) return `with ${[...new Set(written)].join("+")}`;
  }
  const table = /\b(?:into|update|from)\s+"?([a-z_]+)"?/.exec(sql)?.[1] ?? "?";
  return `${verb} ${table}`;
}

export function installStepTrace(server: Server, database: DatabaseHandle) {
  const storage = new AsyncLocalStorage<Live>();
  const outside: Live = { t0: 0, events: [] };
  let installed = false;
  let active = false;
  let startedAt = 0;
  let traces: RequestTrace[] = [];
  let unattributed: Unattributed = {};

  /** The traced request this call belongs to; `outside` while tracing but in no request. */
  const current = () => (active ? (storage.getStore() ?? outside) : undefined);
  const record = (live: Live, kind: string, start: number, end = performance.now()) => {
    if (live === outside) {
      unattributed[kind] ??= { count: 0, ms: 0 };
      const entry = unattributed[kind];
      entry.count++;
      entry.ms += end - start;
      return;
    }
    live.events.push({ kind, start: round3(start - live.t0), end: round3(end - live.t0) });
  };

  // Installed at the first "trace:start", so runs before it go through no wrapper at all.
  function install() {
    installed = true;
    // First listener, so the store is set before Fastify's handler runs in the same emit.
    server.prependListener("request", (request, response) => {
      if (!active) return;
      if (request.method !== "POST" || !request.url?.startsWith("/api/orders")) {
        // A keep-alive socket's next request would otherwise run in the store of the traced
        // request before it (the parser's context is the socket's): this one and what it sets
        // off (the test provider's webhook, say) count as outside any traced request.
        storage.enterWith(outside);
        return;
      }
      const live: Live = { t0: performance.now(), events: [] };
      const requestPath = request.url.split("?")[0]!;
      const cpu = process.cpuUsage();
      storage.enterWith(live);
      response.once("finish", () => {
        if (traces.length >= MAX_TRACES) return;
        const used = process.cpuUsage(cpu);
        traces.push({
          path: requestPath,
          status: response.statusCode,
          arrivedMs: round3(live.t0 - startedAt),
          totalMs: round3(performance.now() - live.t0),
          cpuMs: round3((used.user + used.system) / 1000),
          events: live.events,
        });
      });
    });
    const client = (database.db as unknown as { $client: Record<string, AnyFunction> }).$client;
    if (database.kind === "pglite") wrapPglite(client);
    else wrapPostgres(client as unknown as pg.Pool);
  }

  /** Times each call made while a request is being traced; otherwise calls straight through. */
  function timed(kind: (args: unknown[]) => string, original: AnyFunction): AnyFunction {
    return function (this: unknown, ...args: unknown[]) {
      const live = current();
      if (!live) return original.apply(this, args);
      const start = performance.now();
      return (original.apply(this, args) as Promise<unknown>).finally(() =>
        record(live, kind(args), start),
      );
    };
  }

  function wrapPglite(pglite: Record<string, AnyFunction>) {
    const sqlKind = (args: unknown[]) => classifySql(String(args[0]));
    pglite.query = timed(sqlKind, pglite.query!.bind(pglite));
    pglite.exec = timed(sqlKind, pglite.exec!.bind(pglite));
    const transaction = pglite.transaction!.bind(pglite);
    pglite.transaction = async (...args: unknown[]) => {
      const live = current();
      const callback = args[0] as (tx: Record<string, AnyFunction>) => Promise<unknown>;
      if (!live) return transaction(callback);
      const start = performance.now();
      let bodyEnd = start;
      try {
        return await transaction(async (tx: Record<string, AnyFunction>) => {
          // PGlite runs one transaction at a time: this is the wait for its lock, and BEGIN.
          record(live, "begin", start);
          tx.query = timed(sqlKind, tx.query!);
          tx.exec = timed(sqlKind, tx.exec!);
          try {
            return await callback(tx);
          } finally {
            bodyEnd = performance.now();
          }
        });
      } finally {
        record(live, "commit", bodyEnd);
      }
    };
  }

  function wrapPostgres(pool: pg.Pool) {
    const clientQuery = pg.Client.prototype.query as unknown as AnyFunction;
    (pg.Client.prototype as unknown as { query: AnyFunction }).query = function (
      this: pg.Client,
      ...args: unknown[]
    ) {
      const live = current();
      const last = args[args.length - 1];
      if (!live || typeof last === "function") return clientQuery.apply(this, args);
      const first = args[0];
      const text = typeof first === "string" ? first : ((first as { text?: string })?.text ?? "");
      const start = performance.now();
      const result = clientQuery.apply(this, args) as Promise<unknown>;
      return result.finally(() => record(live, classifySql(text), start));
    };
    const connect = pool.connect.bind(pool) as unknown as AnyFunction;
    (pool as unknown as { connect: AnyFunction }).connect = (...args: unknown[]) => {
      const live = current();
      if (!live || typeof args[0] === "function") return connect(...args);
      const start = performance.now();
      return (connect() as Promise<unknown>).finally(() => record(live, "pool wait", start));
    };
    // pg-pool's own query() hands the statement to a client from inside another request's
    // release, where the store would be that request's: check out and release here instead.
    const poolQuery = pool.query.bind(pool) as unknown as AnyFunction;
    (pool as unknown as { query: AnyFunction }).query = (...args: unknown[]) => {
      const live = current();
      if (!live || args.some((arg) => typeof arg === "function")) return poolQuery(...args);
      return (async () => {
        const start = performance.now();
        const checkedOut = await (connect() as Promise<pg.PoolClient>);
        const first = args[0];
        const text = typeof first === "string" ? first : ((first as { text?: string })?.text ?? "");
        record(live, `pool wait: ${classifySql(text)}`, start);
        try {
          const result = await (checkedOut.query as unknown as AnyFunction).apply(checkedOut, args);
          checkedOut.release();
          return result;
        } catch (error) {
          checkedOut.release(error as Error);
          throw error;
        }
      })();
    };
  }

  return {
    start() {
      if (!installed) install();
      traces = [];
      unattributed = {};
      startedAt = performance.now();
      active = true;
    },
    stop(): { traces: RequestTrace[]; unattributed: Unattributed; seconds: number } {
      active = false;
      const done = { traces, unattributed, seconds: (performance.now() - startedAt) / 1000 };
      traces = [];
      unattributed = {};
      return done;
    },
  };
}
