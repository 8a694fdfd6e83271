import { execFile } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { appendFile, chmod, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { freePort } from "./local-ports.ts";

const run = promisify(execFile);

/**
 * PostgreSQL clusters of a test's own, on their own ports and folders: a primary that can be
 * stopped and restarted, and streaming replicas made from it with pg_basebackup. The server the
 * other suites share on 5432 is never touched.
 */
export type PostgresCluster = {
  port: number;
  dataDir: string;
  /** A connection URL to one of its databases (the cluster's own `postgres` by default). */
  url(database?: string): string;
  start(): Promise<void>;
  /** `immediate` is a crash as far as clients can tell: connections cut, no checkpoint. */
  stop(mode?: "fast" | "immediate"): Promise<void>;
  /** Stops it and deletes its folder. */
  destroy(): Promise<void>;
};

const BIN = (() => {
  const root = "/usr/lib/postgresql";
  if (!existsSync(root)) return undefined;
  const newest = readdirSync(root).sort((a, b) => Number(b) - Number(a))[0];
  return newest ? path.join(root, newest, "bin") : undefined;
})();

/** Why clusters cannot be made here, or undefined when they can. */
export const clustersUnavailable = BIN
  ? undefined
  : "PostgreSQL's server programs are not installed (/usr/lib/postgresql/*/bin)";

// PostgreSQL refuses to run as root: as root, the cluster belongs to the `postgres` user.
const asRoot = process.getuid?.() === 0;
const pg = (program: string, args: string[]) =>
  asRoot
    ? run("runuser", ["-u", "postgres", "--", path.join(BIN!, program), ...args])
    : run(path.join(BIN!, program), args);

async function ownedFolder(prefix: string): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), prefix));
  if (asRoot) await run("chown", ["postgres:postgres", dir]);
  await chmod(dir, 0o700);
  return dir;
}

function cluster(dataDir: string, port: number): PostgresCluster {
  let running = false;
  const stop = async (mode: "fast" | "immediate" = "fast") => {
    if (!running) return;
    await pg("pg_ctl", ["-D", dataDir, "-m", mode, "-w", "stop"]);
    running = false;
  };
  return {
    port,
    dataDir,
    url: (database = "postgres") => `postgres://postgres@127.0.0.1:${port}/${database}`,
    async start() {
      await pg("pg_ctl", [
        "-D",
        dataDir,
        "-l",
        path.join(dataDir, "server.log"),
        "-o",
        `-p ${port} -k ${dataDir} -c listen_addresses=127.0.0.1`,
        "-w",
        "start",
      ]);
      running = true;
    },
    stop,
    async destroy() {
      await stop("immediate").catch(() => undefined);
      // The folder made for it, not only the data inside.
      await rm(path.dirname(dataDir), { recursive: true, force: true });
    },
  };
}

/** A new, running primary that accepts streaming replicas from loopback. */
export async function startPrimaryCluster(): Promise<PostgresCluster> {
  const dataDir = path.join(await ownedFolder("fhh-pg-primary-"), "data");
  await pg("initdb", ["-D", dataDir, "-U", "postgres", "--auth=trust", "--no-sync", "-E", "UTF8"]);
  await appendFile(
    path.join(dataDir, "postgresql.conf"),
    [
      "wal_level = replica",
      "max_wal_senders = 5",
      "hot_standby = on",
      // A throwaway cluster need not survive the machine losing power, but an acknowledged
      // commit must survive the server being stopped: fault runs check exactly that.
      "fsync = off",
      "full_page_writes = off",
      "",
    ].join("\n"),
  );
  await appendFile(path.join(dataDir, "pg_hba.conf"), "host replication all 127.0.0.1/32 trust\n");
  const primary = cluster(dataDir, await freePort());
  await primary.start();
  return primary;
}

/** A hot standby streaming from `primary`, made with pg_basebackup, running on its own port. */
export async function startReplicaOf(primary: PostgresCluster): Promise<PostgresCluster> {
  const dataDir = path.join(await ownedFolder("fhh-pg-replica-"), "data");
  await pg("pg_basebackup", [
    "-h",
    "127.0.0.1",
    "-p",
    String(primary.port),
    "-U",
    "postgres",
    "-D",
    dataDir,
    // Writes standby.signal and the primary's connection settings.
    "-R",
    "-X",
    "stream",
    // Without it the copy waits for the primary's next scheduled checkpoint.
    "--checkpoint=fast",
    "--no-sync",
  ]);
  const replica = cluster(dataDir, await freePort());
  await replica.start();
  return replica;
}
