import { type ChildProcess, fork } from "node:child_process";
import { once } from "node:events";
import { readdirSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

export const ROOT = path.resolve(import.meta.dirname, "../..");
/** Large by-products (CPU profiles, full Lighthouse reports): kept outside the repository. */
export const ARTIFACTS = path.join(os.tmpdir(), "fhh-bench");

export type ChildServer = {
  port: number;
  origin: string;
  /** The Origin the store's pages send (its PUBLIC_URL), for state-changing requests. */
  storeOrigin: string;
  child: ChildProcess;
  /** Sends `message` and resolves with the child's first message of type `replyType`. */
  ask(message: string, replyType: string): Promise<Record<string, unknown>>;
  /** Asks the child to shut down cleanly; kills it if it has not gone within `graceMs`. */
  stop(graceMs?: number): Promise<void>;
};

type StartOptions = {
  args?: string[];
  /** Node flags before `--import tsx`'s script, e.g. `--cpu-prof`. */
  nodeFlags?: string[];
  /** Sent once the child is up, before waiting for its "ready". */
  init?: unknown;
  timeoutMs?: number;
  /** The checkout the script is in (another build's, for a baseline); this one by default. */
  root?: string;
};

/** Forks `node --import tsx <script>` and waits for its `{ type: "ready", port }` message. */
export async function startChild(script: string, options: StartOptions = {}): Promise<ChildServer> {
  const root = options.root ?? ROOT;
  const child = fork(path.join(root, script), options.args ?? [], {
    cwd: root,
    execArgv: [...(options.nodeFlags ?? []), "--import", "tsx"],
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  let storeOrigin: string | undefined;
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`${script} did not start within ${options.timeoutMs ?? 60_000} ms`));
    }, options.timeoutMs ?? 60_000);
    child.on("message", (message: { type?: string; port?: number; storeOrigin?: string }) => {
      if (message?.type !== "ready") return;
      clearTimeout(timer);
      storeOrigin = message.storeOrigin;
      resolve(message.port ?? 0);
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`${script} exited with code ${code} before it was ready`));
    });
    if (options.init !== undefined) child.send(options.init as object);
  });

  return {
    port,
    origin: `http://127.0.0.1:${port}`,
    storeOrigin: storeOrigin ?? `http://127.0.0.1:${port}`,
    child,
    ask(message, replyType) {
      return new Promise((resolve) => {
        const onMessage = (reply: Record<string, unknown>) => {
          if (reply?.type !== replyType) return;
          child.off("message", onMessage);
          resolve(reply);
        };
        child.on("message", onMessage);
        child.send(message);
      });
    },
    async stop(graceMs = 10_000) {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = once(child, "exit");
      if (child.connected) child.send("stop");
      else child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** CPU seconds (user + system, all threads) a process has used so far; undefined off Linux. */
export function cpuSeconds(
  pid: number | undefined,
  statFile = `/proc/${pid}/stat`,
  { withEndedChildren = false } = {},
): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const stat = readFileSync(statFile, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    // Fields 14 and 15 of proc(5) (utime, stime), counted from the state field (3); 16 and 17
    // (cutime, cstime) are the children it has waited for.
    const own = Number(fields[11]) + Number(fields[12]);
    const children = withEndedChildren ? Number(fields[13]) + Number(fields[14]) : 0;
    return (own + children) / CLOCK_TICKS;
  } catch {
    return undefined;
  }
}
const CLOCK_TICKS = 100;

/** CPU seconds of each of a process's threads, by thread id (the main thread's id is the pid). */
export function threadCpuSeconds(pid: number | undefined): Map<number, number> {
  const threads = new Map<number, number>();
  if (pid === undefined) return threads;
  try {
    for (const tid of readdirSync(`/proc/${pid}/task`)) {
      const seconds = cpuSeconds(Number(tid), `/proc/${pid}/task/${tid}/stat`);
      if (seconds !== undefined) threads.set(Number(tid), seconds);
    }
  } catch {
    // The process has gone: no threads.
  }
  return threads;
}

export function median(values: number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Plain-text table with right-aligned cells after the first column. */
export function textTable(header: string[], rows: (string | number)[][]): string {
  const cells = [header, ...rows.map((row) => row.map(String))];
  const widths = header.map((_, column) =>
    Math.max(...cells.map((row) => (row[column] ?? "").length)),
  );
  const line = (row: string[]) =>
    row
      .map((cell, column) =>
        column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!),
      )
      .join("  ");
  return [
    line(cells[0]!),
    widths.map((w) => "-".repeat(w)).join("  "),
    ...cells.slice(1).map(line),
  ].join("\n");
}

/** Markdown table; columns whose every cell is a number (or a percentage) align right. */
export function mdTable(header: string[], rows: (string | number)[][]): string {
  const numeric = header.map((_, column) =>
    rows.every((row) => /^[-+]?[\d.,]+%?$/.test(String(row[column] ?? ""))),
  );
  return [
    `| ${header.join(" | ")} |`,
    `| ${header.map((_, i) => (i > 0 && numeric[i] ? "---:" : "---")).join(" | ")} |`,
    ...rows.map((row) => `| ${row.join(" | ")} |`),
  ].join("\n");
}
