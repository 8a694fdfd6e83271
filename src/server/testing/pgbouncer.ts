import { readFileSync } from "node:fs";
import { chown, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { installedProgram } from "./installed-program.ts";
import { freePort, waitForPort } from "./local-ports.ts";
import { spawnProcess } from "./spawned-process.ts";

const PGBOUNCER = installedProgram("pgbouncer");

/** Why PgBouncer cannot run here, or undefined when it can. */
export const pgbouncerUnavailable = PGBOUNCER
  ? undefined
  : "PgBouncer is not installed (Debian package pgbouncer)";

/** The uid and gid of the `postgres` user: PgBouncer refuses to run as root. */
function postgresUser(): { uid: number; gid: number } | undefined {
  const line = readFileSync("/etc/passwd", "utf8")
    .split("\n")
    .find((entry) => entry.startsWith("postgres:"));
  if (!line) return undefined;
  const [, , uid, gid] = line.split(":");
  return { uid: Number(uid), gid: Number(gid) };
}

export type Pgbouncer = {
  port: number;
  /** A URL to `database` on the server behind it, through it. */
  url(database: string): string;
  /** Runs a command on its admin console (SHOW POOLS, SHOW STATS...); answers the rows. */
  admin<Row extends Record<string, unknown>>(command: string): Promise<Row[]>;
  output(): string;
  stop(): Promise<void>;
};

/**
 * PgBouncer of a test's own in front of the PostgreSQL at `target`, on a free loopback port,
 * trusting the `postgres` user, in `poolMode` with `poolSize` server connections per database:
 * fewer than the store's pool, so its clients really take turns on them.
 */
export async function startPgbouncer({
  target,
  poolMode = "transaction",
  poolSize = 4,
}: {
  target: { host: string; port: number };
  poolMode?: "session" | "transaction";
  poolSize?: number;
}): Promise<Pgbouncer> {
  if (!PGBOUNCER) throw new Error(pgbouncerUnavailable);
  const dir = await mkdtemp(path.join(tmpdir(), "fhh-pgbouncer-"));
  const port = await freePort();
  const userlist = path.join(dir, "userlist.txt");
  const configFile = path.join(dir, "pgbouncer.ini");
  await writeFile(userlist, '"postgres" ""\n');
  await writeFile(
    configFile,
    [
      "[databases]",
      `* = host=${target.host} port=${target.port}`,
      "[pgbouncer]",
      "listen_addr = 127.0.0.1",
      `listen_port = ${port}`,
      "unix_socket_dir =",
      "auth_type = trust",
      `auth_file = ${userlist}`,
      `pool_mode = ${poolMode}`,
      `default_pool_size = ${poolSize}`,
      "max_client_conn = 200",
      "admin_users = postgres",
      "",
    ].join("\n"),
  );
  const asRoot = process.getuid?.() === 0;
  const user = asRoot ? postgresUser() : undefined;
  if (asRoot && !user)
    throw new Error("PgBouncer will not run as root and there is no postgres user");
  if (user) {
    await chown(dir, user.uid, user.gid);
    for (const file of [userlist, configFile]) await chown(file, user.uid, user.gid);
  }
  const bouncer = spawnProcess(PGBOUNCER, [configFile], user ?? {});
  try {
    await waitForPort(port, {
      gaveUp: () =>
        bouncer.hasExited() ? `pgbouncer exited before listening:\n${bouncer.output()}` : undefined,
    });
  } catch (error) {
    await bouncer.stop("SIGKILL");
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
  const url = (database: string) => `postgres://postgres@127.0.0.1:${port}/${database}`;
  return {
    port,
    url,
    async admin<Row extends Record<string, unknown>>(command: string) {
      // Without parameters node-postgres sends a simple query, the only kind the console takes.
      const client = new pg.Client({ connectionString: url("pgbouncer") });
      await client.connect();
      try {
        return (await client.query<Row>(command)).rows;
      } finally {
        await client.end();
      }
    },
    output: bouncer.output,
    async stop() {
      await bouncer.stop("SIGTERM", 5000);
      await rm(dir, { recursive: true, force: true });
    },
  };
}
