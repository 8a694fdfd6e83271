import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { installedProgram } from "./installed-program.ts";
import { freePort, waitForPort } from "./local-ports.ts";
import { spawnProcess } from "./spawned-process.ts";

const DEPLOYED_CONFIG = path.resolve(import.meta.dirname, "../../../deploy/haproxy.cfg");
const HAPROXY = installedProgram("haproxy");

/** Why HAProxy cannot run here, or undefined when it can. */
export const haproxyUnavailable = HAPROXY
  ? undefined
  : "HAProxy is not installed (Debian package haproxy)";

export type ProxiedServer = { name: string; port: number };

/**
 * deploy/haproxy.cfg as it is, but for one machine's test: the frontend on `port` of loopback,
 * the backend's servers on `servers`' ports, its admin socket in `dir`, and no access log unless
 * `log`. Throws if the file no longer has the lines this rewrites, so the proxy a test runs
 * never drifts from the one deployed.
 */
export function haproxyConfigFrom(
  deployed: string,
  {
    port,
    servers,
    dir,
    log,
  }: { port: number; servers: ProxiedServer[]; dir: string; log: boolean },
): string {
  const lines = deployed.split("\n");
  const find = (pattern: RegExp, what: string) => {
    const index = lines.findIndex((line) => pattern.test(line));
    if (index < 0) throw new Error(`deploy/haproxy.cfg has no ${what} line any more`);
    return index;
  };
  const bind = find(/^\s+bind :80\b/, "`bind :80`");
  lines[bind] = lines[bind]!.replace(":80", `127.0.0.1:${port}`);
  const socket = find(/^\s+stats socket\s/, "`stats socket`");
  lines[socket] = `    stats socket ${path.join(dir, "admin.sock")} mode 600 level admin`;
  const logLine = find(/^\s+log stdout\b/, "`log stdout`");
  if (!log) lines.splice(logLine, 1);
  const firstServer = find(/^\s+server\s/, "server");
  const others = lines.filter((line, index) => index < firstServer || !/^\s+server\s/.test(line));
  others.splice(
    firstServer,
    0,
    ...servers.map((server) => `    server ${server.name} 127.0.0.1:${server.port} check`),
  );
  return others.join("\n");
}

export type Haproxy = {
  port: number;
  /** http://127.0.0.1:port */
  url: string;
  /** The configuration it runs, as written. */
  configFile: string;
  /** A server's state as HAProxy's own checks see it: "UP", "DOWN", "MAINT", "UP 1/2"... */
  serverStatus(name: string): Promise<string>;
  /**
   * A server's row of HAProxy's `show stat` by column name: `stot` is the connections it was
   * sent (one per request when clients do not keep them alive), `status` its state, `wretr` and
   * `wredis` the retries and redispatches away from it.
   */
  serverStats(name: string): Promise<Record<string, string>>;
  /** Waits until HAProxy's checks give `name` this status ("UP" or "DOWN"). */
  waitForServer(name: string, status: "UP" | "DOWN", withinMs?: number): Promise<void>;
  /** Its log lines (only with `log: true`) and warnings. */
  output(): string;
  stop(): Promise<void>;
};

/** Asks HAProxy's admin socket one command; answers its reply. */
function askAdminSocket(socketFile: string, command: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(socketFile);
    let reply = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => {
      reply += chunk;
    });
    socket.on("error", reject);
    socket.on("end", () => resolve(reply));
    socket.on("connect", () => socket.write(`${command}\n`));
  });
}

/**
 * Starts HAProxy in the foreground with deploy/haproxy.cfg's settings in front of `servers`
 * (see haproxyConfigFrom), and waits until its port answers.
 */
export async function startHaproxy(
  servers: ProxiedServer[],
  { log = false }: { log?: boolean } = {},
): Promise<Haproxy> {
  if (!HAPROXY) throw new Error(haproxyUnavailable);
  const dir = await mkdtemp(path.join(tmpdir(), "fhh-haproxy-"));
  const port = await freePort();
  const configFile = path.join(dir, "haproxy.cfg");
  const deployed = await readFile(DEPLOYED_CONFIG, "utf8");
  await writeFile(configFile, haproxyConfigFrom(deployed, { port, servers, dir, log }));
  const proxy = spawnProcess(HAPROXY, ["-db", "-f", configFile]);
  try {
    await waitForPort(port, {
      gaveUp: () =>
        proxy.hasExited() ? `haproxy exited before listening:\n${proxy.output()}` : undefined,
    });
  } catch (error) {
    await proxy.stop("SIGKILL");
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
  const socketFile = path.join(dir, "admin.sock");
  // HAProxy may listen on its port a moment before its admin socket exists.
  for (let waited = 0; !existsSync(socketFile); waited += 20) {
    if (waited > 5000) throw new Error(`haproxy made no admin socket:\n${proxy.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }

  async function serverStats(name: string): Promise<Record<string, string>> {
    const [header = "", ...rows] = (await askAdminSocket(socketFile, "show stat")).split("\n");
    const columns = header.replace(/^# /, "").split(",");
    const row = rows
      .map((line) => Object.fromEntries(line.split(",").map((value, i) => [columns[i], value])))
      .find((fields) => fields.pxname === "store" && fields.svname === name);
    if (!row) throw new Error(`HAProxy has no server ${name}`);
    return row;
  }
  const serverStatus = async (name: string) => (await serverStats(name)).status ?? "";

  return {
    port,
    url: `http://127.0.0.1:${port}`,
    configFile,
    serverStatus,
    serverStats,
    async waitForServer(name, status, withinMs = 15_000) {
      const deadline = Date.now() + withinMs;
      let seen = await serverStatus(name);
      while (seen !== status) {
        if (Date.now() > deadline) {
          throw new Error(`HAProxy still sees ${name} as ${seen} after ${withinMs} ms`);
        }
        await sleep(100);
        seen = await serverStatus(name);
      }
    },
    output: proxy.output,
    async stop() {
      await proxy.stop("SIGTERM", 5000);
      await rm(dir, { recursive: true, force: true });
    },
  };
}
