import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import pg from "pg";
import type { Database } from "./client.ts";
import * as schema from "./schema/index.ts";
import { isDatabaseUnreachable } from "./unreachable.ts";

/**
 * Where reads that can bear a short delay go: the catalogue and the dashboards' figures. With a
 * streaming replica (DATABASE_READ_URL) they go to it while it answers and is within the lag
 * bound, and to the primary otherwise; without one, always to the primary.
 */
export type ReadDatabases = {
  /** At most the lag bound behind the primary: the catalogue, cached for seconds anyway. */
  db: Database;
  /**
   * A database that has every commit made before this call: figures that a live dashboard
   * refetches when it hears of a change must show that change.
   */
  caughtUp(): Promise<Database>;
  state(): ReplicaState;
  /** Called when reads move to the replica or away from it, with the reason. */
  watch(listener: (inUse: boolean, reason: string) => void): void;
  close(): Promise<void>;
};

/** Where a dashboard's figures are read, asked afresh for each request. */
export type FiguresSource = () => Promise<Database>;

export type ReplicaState =
  | { configured: false }
  | { configured: true; inUse: boolean; lagSeconds: number | null };

export type ReplicaOptions = {
  url: string;
  maxLagSeconds: number;
  /** How often the replica's health and lag are looked at. */
  checkEveryMs?: number;
};

export function primaryOnly(db: Database): ReadDatabases {
  return {
    db,
    caughtUp: async () => db,
    state: () => ({ configured: false }),
    watch: () => {},
    close: async () => {},
  };
}

// Only what drizzle's node-postgres session calls: query(config, values).
type Queryable = { query: (...args: unknown[]) => Promise<unknown> };
const queryable = (pool: pg.Pool): Queryable => ({
  query: (...args) => (pool.query as Queryable["query"]).apply(pool, args),
});

// A recovery conflict: the replica cancelled a read to replay a change under it. The primary
// answers the same read.
const RECOVERY_CONFLICT = "40001";

function failedOnReplica(error: unknown): boolean {
  return (
    isDatabaseUnreachable(error) ||
    (error as { code?: unknown } | undefined)?.code === RECOVERY_CONFLICT
  );
}

export function withReadReplica(primary: pg.Pool, options: ReplicaOptions): ReadDatabases {
  const replica = new pg.Pool({
    connectionString: options.url,
    max: 10,
    // A replica that does not answer is skipped quickly: the primary can answer instead.
    connectionTimeoutMillis: 2000,
  });
  replica.on("error", () => {});
  // A connection dropped while checked out must not end the process either (see client.ts).
  replica.on("connect", (client) => client.on("error", () => {}));
  let inUse = false;
  let lagSeconds: number | null = null;
  const listeners: ((inUse: boolean, reason: string) => void)[] = [];

  const use = (next: boolean, reason: string) => {
    if (next === inUse) return;
    inUse = next;
    for (const listener of listeners) listener(next, reason);
  };

  const onPrimary = queryable(primary);
  const onReplica = queryable(replica);
  /** Tries the replica, and the primary when the replica fails to answer. */
  const fallingBack = (first: () => Queryable): Queryable => ({
    async query(...args) {
      const target = first();
      if (target === onPrimary) return onPrimary.query(...args);
      try {
        return await onReplica.query(...args);
      } catch (error) {
        if (!failedOnReplica(error)) throw error;
        if (isDatabaseUnreachable(error)) {
          lagSeconds = null;
          use(false, "the replica stopped answering");
        }
        return onPrimary.query(...args);
      }
    },
  });

  const asDatabase = (client: Queryable) =>
    drizzlePg({ client: client as unknown as pg.Pool, schema }) as unknown as Database;
  const primaryDb = asDatabase(onPrimary);
  const boundedDb = asDatabase(fallingBack(() => (inUse ? onReplica : onPrimary)));
  const replicaDb = asDatabase(fallingBack(() => onReplica));

  // Where the primary's next WAL record goes: past every commit made so far, even one whose WAL
  // is still in memory (synchronous_commit off), which pg_current_wal_lsn() would not cover.
  const primaryPosition = async () =>
    (await primary.query<{ lsn: string }>("select pg_current_wal_insert_lsn()::text as lsn"))
      .rows[0]!.lsn;

  async function check(): Promise<void> {
    try {
      const lsn = await primaryPosition();
      const { rows } = await replica.query<{
        standby: boolean;
        caught_up: boolean | null;
        behind: number | null;
      }>(
        `select pg_is_in_recovery() as standby,
                pg_last_wal_replay_lsn() >= $1::pg_lsn as caught_up,
                extract(epoch from now() - pg_last_xact_replay_timestamp())::float8 as behind`,
        [lsn],
      );
      const row = rows[0]!;
      if (!row.standby) {
        lagSeconds = null;
        return use(false, "the replica is not in recovery (promoted?): it no longer follows");
      }
      // A primary with nothing to send has no recent transaction to time: caught up is no lag.
      lagSeconds = row.caught_up ? 0 : (row.behind ?? Number.POSITIVE_INFINITY);
      if (lagSeconds <= options.maxLagSeconds) use(true, "the replica is within the lag bound");
      else use(false, `the replica is ${lagSeconds.toFixed(1)} s behind`);
    } catch (error) {
      lagSeconds = null;
      use(
        false,
        isDatabaseUnreachable(error)
          ? "the replica does not answer"
          : `the replica could not be checked: ${(error as Error).message}`,
      );
    }
  }

  let checking = check();
  const timer = setInterval(() => {
    checking = checking.then(check);
  }, options.checkEveryMs ?? 1000);
  timer.unref();

  return {
    db: boundedDb,
    async caughtUp() {
      if (!inUse) return primaryDb;
      try {
        const lsn = await primaryPosition();
        const { rows } = await replica.query<{ ok: boolean }>(
          "select pg_last_wal_replay_lsn() >= $1::pg_lsn as ok",
          [lsn],
        );
        return rows[0]?.ok ? replicaDb : primaryDb;
      } catch {
        return primaryDb;
      }
    },
    state: () => ({ configured: true, inUse, lagSeconds }),
    watch: (listener) => {
      listeners.push(listener);
    },
    async close() {
      clearInterval(timer);
      await checking.catch(() => {});
      await replica.end();
    },
  };
}
