// Real store processes (src/server/main.ts) on one PostgreSQL database, optionally behind the
// deployed HAProxy configuration: what a rolling restart or a crash does to a running shop can
// only be seen with separate processes, real sockets and the real proxy.
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";
import { HEALTH_PATHS } from "../modules/health/health-routes.ts";
import { TEST_ORIGIN } from "./customers.ts";
import { freePort } from "./local-ports.ts";
import { type Exit, type SpawnedProcess, spawnProcess } from "./spawned-process.ts";

export {
  type Haproxy,
  haproxyConfigFrom,
  haproxyUnavailable,
  type ProxiedServer,
  startHaproxy,
} from "./haproxy.ts";

const ROOT = path.resolve(import.meta.dirname, "../../..");
const MAIN = path.join(ROOT, "src/server/main.ts");

/** The server new databases are made on: the test suites' own, or the local one. */
export const ADMIN_DATABASE_URL =
  process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

/**
 * Longer than the deployed proxy's `inter 1s` x `fall 2`, as deploy/haproxy.cfg asks, so the
 * proxy has stopped sending a stopping instance requests before it stops taking them.
 */
export const SHUTDOWN_DELAY_SECONDS = 3;

/** Why PostgreSQL cannot be used (it does not answer at ADMIN_DATABASE_URL), or undefined. */
export async function postgresUnavailable(): Promise<string | undefined> {
  const client = new pg.Client({
    connectionString: ADMIN_DATABASE_URL,
    connectionTimeoutMillis: 3000,
  });
  try {
    await client.connect();
    await client.query("select 1");
    return undefined;
  } catch (error) {
    const { host } = new URL(ADMIN_DATABASE_URL);
    return `PostgreSQL does not answer at ${host} (${(error as Error).message})`;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function asAdmin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_DATABASE_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export type ClusterDatabase = {
  name: string;
  /** DATABASE_URL for the instances. */
  url: string;
  /** Drops it, cutting whatever is still connected. */
  drop(): Promise<void>;
};

/** A new, empty PostgreSQL database of the test's own (the instances migrate and seed it). */
export async function createClusterDatabase(): Promise<ClusterDatabase> {
  const name = `fhh_cluster_${randomBytes(6).toString("hex")}`;
  await asAdmin(`create database ${name}`);
  const url = new URL(ADMIN_DATABASE_URL);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () => asAdmin(`drop database if exists ${name} with (force)`),
  };
}

export type StoreInstanceOptions = {
  /** DATABASE_URL: the cluster database's, or a pooler in front of it. */
  databaseUrl: string;
  /** DATABASE_DIRECT_URL, when databaseUrl goes through a pooler. */
  directUrl?: string;
  /** Its name (for HAProxy's `server` line and messages); default store1, store2... */
  name?: string;
  /** Default: a free loopback port, kept across restarts. */
  port?: number;
  /** Default SHUTDOWN_DELAY_SECONDS. */
  shutdownDelaySeconds?: number;
  /** More settings, over the defaults (see instanceEnv). */
  env?: Record<string, string>;
  /** How long start() waits for readiness. */
  readyWithinMs?: number;
};

export type StoreInstance = {
  readonly name: string;
  readonly port: number;
  /** http://127.0.0.1:port, the instance itself (no proxy). */
  readonly url: string;
  /** The running process's id, undefined while stopped. */
  readonly pid: number | undefined;
  readonly running: boolean;
  /** Starts the process (again, on the same port) and waits until /api/health/ready says 200. */
  start(): Promise<void>;
  /**
   * SIGTERM: the graceful stop (drain, finish in flight, close); SIGKILL: a crash. Waits for
   * the exit and answers it; a SIGTERM not obeyed within 30 s becomes a SIGKILL.
   */
  stop(signal?: "SIGTERM" | "SIGKILL"): Promise<Exit>;
  /** Settles when the current process exits (also on its own). */
  exited(): Promise<Exit>;
  /** The end of everything it logged, across restarts. */
  output(): string;
  /** Stops it (SIGTERM) if it runs, and removes its data folder. */
  dispose(): Promise<void>;
};

/**
 * The settings an instance runs with: behind one proxy on loopback, in demo mode (demo staff
 * passwords, mail kept in the outbox) taking cash on delivery only, on PUBLIC_URL TEST_ORIGIN so
 * requests with the test suites' Origin pass, logging warnings and worse.
 */
function instanceEnv(
  options: StoreInstanceOptions,
  port: number,
  dataDir: string,
): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: String(port),
    TRUST_PROXY: "1",
    SHUTDOWN_DELAY_SECONDS: String(options.shutdownDelaySeconds ?? SHUTDOWN_DELAY_SECONDS),
    DATABASE_URL: options.databaseUrl,
    DATABASE_DIRECT_URL: options.directUrl ?? "",
    DATA_DIR: dataDir,
    DEMO_MODE: "true",
    PAYMENT_PROVIDER: "none",
    PUBLIC_URL: TEST_ORIGIN,
    SMTP_URL: "",
    WEB_DIST_DIR: path.join(ROOT, ".tmp/no-web-build"),
    LOG_LEVEL: "warn",
    ...options.env,
  };
}

async function readyStatus(url: string): Promise<number | undefined> {
  try {
    const response = await fetch(`${url}${HEALTH_PATHS.ready}`, {
      headers: { connection: "close" },
      signal: AbortSignal.timeout(2000),
    });
    await response.body?.cancel();
    return response.status;
  } catch {
    return undefined;
  }
}

let instanceCount = 0;

/** One store process; call start() to run it. */
export async function storeInstance(options: StoreInstanceOptions): Promise<StoreInstance> {
  const port = options.port ?? (await freePort());
  const name = options.name ?? `store${++instanceCount}`;
  const url = `http://127.0.0.1:${port}`;
  const dataDir = await mkdtemp(path.join(tmpdir(), `fhh-${name}-`));
  const env = instanceEnv(options, port, dataDir);
  const readyWithinMs = options.readyWithinMs ?? 60_000;
  let current: SpawnedProcess | undefined;
  let earlier = "";

  return {
    name,
    port,
    url,
    get pid() {
      return current && !current.hasExited() ? current.pid : undefined;
    },
    get running() {
      return current !== undefined && !current.hasExited();
    },
    async start() {
      if (current && !current.hasExited()) throw new Error(`${name} is already running`);
      if (current) earlier = `${earlier}${current.output()}\n--- ${name} started again ---\n`;
      const started = spawnProcess(process.execPath, ["--import", "tsx", MAIN], { env, cwd: ROOT });
      current = started;
      const deadline = Date.now() + readyWithinMs;
      while ((await readyStatus(url)) !== 200) {
        if (started.hasExited()) {
          throw new Error(`${name} exited before it was ready:\n${started.output()}`);
        }
        if (Date.now() > deadline) {
          await started.stop("SIGKILL");
          throw new Error(`${name} was not ready in ${readyWithinMs} ms:\n${started.output()}`);
        }
        await sleep(100);
      }
    },
    async stop(signal = "SIGTERM") {
      if (!current) return { code: null, signal: null };
      return current.stop(signal, 30_000);
    },
    exited: () => current?.exited ?? Promise.resolve({ code: null, signal: null }),
    output: () => `${earlier}${current?.output() ?? ""}`,
    async dispose() {
      await current?.stop("SIGTERM", 30_000);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * `count` store processes on one database, started side by side (their migrations take turns
 * on PostgreSQL's lock) and ready. Each keeps its port when restarted.
 */
export async function startStoreInstances(
  count: number,
  options: Omit<StoreInstanceOptions, "name" | "port">,
): Promise<StoreInstance[]> {
  const instances = await Promise.all(
    Array.from({ length: count }, (_, index) =>
      storeInstance({ ...options, name: `store${index + 1}` }),
    ),
  );
  try {
    await Promise.all(instances.map((instance) => instance.start()));
  } catch (error) {
    await disposeStoreInstances(instances);
    throw error;
  }
  return instances;
}

/** Stops every instance still running, gracefully and all at once, and removes their folders. */
export async function disposeStoreInstances(instances: StoreInstance[]): Promise<void> {
  await Promise.all(instances.map((instance) => instance.dispose()));
}
