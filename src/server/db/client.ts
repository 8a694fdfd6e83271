import { mkdir } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { PgliteThread } from "./pglite-thread.ts";
import { createPostgresListener, type ListenOptions } from "./postgres-listener.ts";
import { primaryOnly, type ReadDatabases, withReadReplica } from "./read-replica.ts";
import * as schema from "./schema/index.ts";
import { keepNamedStatements } from "./statement-once.ts";

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** What `db.transaction` hands its callback: queries on it commit or roll back together. */
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

export type DatabaseHandle = {
  db: Database;
  /** The catalogue's and the figures' reads: a streaming replica when one is configured. */
  reads: ReadDatabases;
  kind: "pglite" | "postgres";
  /** Applies pending migrations; concurrent instances wait for each other on PostgreSQL. */
  migrate(): Promise<void>;
  close(): Promise<void>;
  /**
   * Hears NOTIFYs on `channel`, sent by any instance on this database once their transaction
   * commits. Answers the call that stops hearing them.
   */
  listen(
    channel: string,
    onMessage: (payload: string) => void,
    options?: ListenOptions,
  ): Promise<() => Promise<void>>;
  /** PGlite only: settles if the database's thread stops on its own, without close(). */
  lost?: Promise<Error>;
  /** PGlite only: a consistent copy of the whole database (gzipped tar), taken while it serves. */
  dump?: () => Promise<Uint8Array>;
  /** For the metrics: how busy the database's side of this process is. */
  load(): DatabaseLoad;
};

/**
 * PostgreSQL: the pool's connections and the queries waiting for one. PGlite: the share of time
 * its thread worked since the last look (it runs one statement at a time).
 */
export type DatabaseLoad =
  | { kind: "postgres"; total: number; idle: number; waiting: number }
  | { kind: "pglite"; threadBusy: number };

// Worked out when migrating, not on import: code that only needs a module's pure parts (an
// email's template under jsdom, whose import.meta.url is not a file) loads this file too.
const migrationsFolder = () => fileURLToPath(new URL("./migrations", import.meta.url));
// Any constant works; it only has to be the same for every instance of the store.
const MIGRATION_LOCK_ID = 7_240_118;

export type DatabaseOptions = {
  databaseUrl?: string | undefined;
  /**
   * PostgreSQL without a pooler in between, for what needs a session of its own: LISTEN (the
   * dashboards' live updates) and the migrations' advisory lock. Defaults to databaseUrl.
   */
  directUrl?: string | undefined;
  /** A streaming replica of databaseUrl, and how far behind it may be and still be read. */
  readUrl?: string | undefined;
  readMaxLagSeconds?: number | undefined;
  /**
   * PostgreSQL only: the server cancels a statement of the pool's that runs or waits longer (its
   * transaction rolls back whole). Unset or 0: none, for commands whose work may take long.
   */
  statementTimeoutMs?: number | undefined;
  /**
   * Whether the store's hot statements are prepared once per connection (named statements).
   * Defaults to on unless directUrl differs from databaseUrl: a pooler in transaction mode sits
   * in between, and it cannot keep a statement prepared on one server connection for the next.
   */
  namedStatements?: boolean | undefined;
  dataDir?: string | undefined;
  /** PGlite only: the database to start from, a dump() of another (the tests' seeded one). */
  copy?: Uint8Array | undefined;
};

/** PostgreSQL when a URL is given, otherwise embedded PGlite in dataDir (or in memory without one). */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    return openPostgres(options.databaseUrl, options.directUrl ?? options.databaseUrl, options);
  }
  return openPglite(options.dataDir, options.copy);
}

async function openPglite(
  dataDir: string | undefined,
  copy: Uint8Array | undefined,
): Promise<DatabaseHandle> {
  if (dataDir) await mkdir(dataDir, { recursive: true });
  const client = await PgliteThread.start(dataDir, { copy });
  const db = drizzlePglite({ client: client as never, schema }) as unknown as Database;
  return {
    db,
    reads: primaryOnly(db),
    kind: "pglite",
    migrate: () => migratePglite(db as never, { migrationsFolder: migrationsFolder() }),
    close: () => client.close(),
    // One process holds the database, so no connection can drop and nothing needs a reconnect.
    listen: (channel, onMessage) => client.listen(channel, onMessage),
    lost: client.lost,
    load: () => ({ kind: "pglite", threadBusy: client.busySinceLastAsked() }),
    dump: () => client.dump(),
  };
}

async function openPostgres(
  url: string,
  directUrl: string,
  {
    readUrl,
    readMaxLagSeconds = 5,
    statementTimeoutMs,
    namedStatements = directUrl === url,
  }: DatabaseOptions,
): Promise<DatabaseHandle> {
  // Sent when connecting; PgBouncer refuses a connection that sends it, so behind a pooler (a
  // direct URL of its own) the role carries it instead (README).
  const pooled = directUrl !== url;
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    // A database that does not answer (a failover, a dropped network) fails requests with a 503
    // after this, rather than holding them until the client gives up. It bounds the wait for a
    // free connection too.
    connectionTimeoutMillis: 5000,
    // On the server, not the client's clock: a statement given up on is rolled back, never
    // committed after the store has answered that it failed.
    ...(statementTimeoutMs && !pooled && { statement_timeout: statementTimeoutMs }),
  });
  // A dropped idle connection must not take the process down; the pool replaces it.
  pool.on("error", () => {});
  // Nor one dropped while checked out (a transaction between statements): the pool listens to a
  // client only while it is idle, and an unheard "error" event ends the process. The statement
  // that needed the connection fails with the error, and the pool drops the client on release.
  pool.on("connect", (client) => {
    client.on("error", () => {});
    if (namedStatements) keepNamedStatements(client);
  });
  if (namedStatements) keepNamedStatements(pool);
  const db = drizzlePg({ client: pool, schema }) as unknown as Database;
  const listener = createPostgresListener(directUrl);
  const reads = readUrl
    ? withReadReplica(pool, { url: readUrl, maxLagSeconds: readMaxLagSeconds })
    : primaryOnly(db);
  return {
    db,
    reads,
    kind: "postgres",
    async migrate() {
      // A session of its own: behind a pooler in transaction mode a session lock would be lost.
      const connection = new pg.Client({ connectionString: directUrl });
      await connection.connect();
      try {
        // A migration may take long: the role's statement_timeout, if it has one, is not for it.
        await connection.query("set statement_timeout = 0");
        await connection.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
        await migratePg(drizzlePg({ client: connection, schema }), {
          migrationsFolder: migrationsFolder(),
        });
      } finally {
        await connection
          .query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_ID])
          .catch(() => {});
        await connection.end().catch(() => {});
      }
    },
    listen: listener.listen,
    load: () => ({
      kind: "postgres",
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
    }),
    async close() {
      await listener.close();
      await reads.close();
      await pool.end();
    },
  };
}

export async function pingDatabase(db: Database): Promise<void> {
  await db.execute(sql`select 1`);
}

/** The rows of a raw `execute`: both drivers answer with `{ rows }`, typed differently. */
export function rowsOf<Row>(result: unknown): Row[] {
  return (result as { rows: Row[] }).rows;
}
