// The baseline: this bench as it was on main before the hosted checkout, run from its own tree
// (a git worktree of the baseline's commit in .tmp/bench-baseline/<ref>, reused, its
// node_modules and dist linked to this checkout's) with the same settings in a child process.
// Its figures are read back from the bench/results/checkout.json it writes in its own tree.
import { spawn } from "node:child_process";
import { existsSync, lstatSync, readFileSync } from "node:fs";
import { mkdir, symlink } from "node:fs/promises";
import path from "node:path";
import readline from "node:readline";
import { ROOT } from "../../support/child.ts";
import type { Target } from "../figures.ts";
import { git } from "../git-tree.ts";
import type { Check } from "../invariants.ts";
import { loadAverage } from "../machine-figures.ts";
import { log } from "../progress-log.ts";
import type { Kind, Settings } from "../settings.ts";

export const DEFAULT_BASELINE = "cac9494";
export const baselineLabel = (ref: string) =>
  ref === DEFAULT_BASELINE
    ? `baseline: main at ${ref} (card details posted to the store)`
    : `baseline: main at ${ref}`;

export type BaselineFigures = {
  ordersPerSec: number;
  requestsPerSec: number;
  newOrders: number;
  requests: number;
  p50Ms: number;
  p90Ms: number;
  /** The baseline's bench records p50, p90 and p99 only. */
  p95Ms: null;
  p99Ms: number;
  maxMs: number;
  statuses: Record<string, number>;
  serverCpuPct: number | null;
  postgresCpuPct: number | null;
  machineBusyPct: number | null;
  serverCpuMsPerOrder: number | null;
  postgresCpuMsPerOrder: number | null;
  cpuBoundOrdersPerSec: number | null;
  busiestThread: { main: boolean; cpuPct: number; cpuMsPerOrder: number } | null;
  failures: string[];
};

export type BaselineRun = {
  kind: Kind;
  /** Run right before the hosted run, or right after it. */
  when: "before" | "after";
  ref: string;
  commit: string;
  label: string;
  tree: string;
  exitCode: number | null;
  seconds: number;
  loadAverageBefore: number[];
  figures?: BaselineFigures;
  invariants?: { hold: number; of: number; failed: string[] };
  targets?: Target[];
  error?: string;
};

export type BaselineTree = { ref: string; commit: string; tree: string };

/** Whether something (a link too, even a dangling one) is at `file`. */
function pathTaken(file: string): boolean {
  try {
    lstatSync(file);
    return true;
  } catch {
    return false;
  }
}

/** A worktree of `ref` in .tmp/bench-baseline/<ref> (reused), with this checkout's node_modules. */
export async function baselineTree(ref: string): Promise<BaselineTree> {
  const commit = git(["rev-parse", "--verify", `${ref}^{commit}`]).trim();
  const tree = path.join(ROOT, ".tmp/bench-baseline", ref.replace(/[^\w.-]/g, "_"));
  if (existsSync(path.join(tree, ".git"))) {
    if (git(["rev-parse", "HEAD"], tree).trim() !== commit)
      git(["checkout", "--quiet", "--force", "--detach", commit], tree);
    log(`baseline: reusing the worktree of ${ref} (${commit.slice(0, 10)}) in ${tree}`);
  } else {
    git(["worktree", "prune"]);
    await mkdir(path.dirname(tree), { recursive: true });
    git(["worktree", "add", "--quiet", "--detach", tree, commit]);
    log(`baseline: made a worktree of ${ref} (${commit.slice(0, 10)}) in ${tree}`);
  }
  // The dependencies are the same: link them rather than install them. Nothing is built (the
  // bench serves no web app and runs the TypeScript through tsx).
  const modules = path.join(tree, "node_modules");
  if (!pathTaken(modules)) await symlink(path.join(ROOT, "node_modules"), modules, "dir");
  // The built web app, linked too when this checkout has one, so both servers register the same
  // plugins (the bench requests no page; nothing is built for the baseline).
  const dist = path.join(tree, "dist");
  if (existsSync(path.join(ROOT, "dist/web")) && !pathTaken(dist))
    await symlink(path.join(ROOT, "dist"), dist, "dir");
  return { ref, commit, tree };
}

const hasBaselineOption = (tree: string) =>
  readFileSync(path.join(tree, "bench/checkout.ts"), "utf8").includes("--baseline REF");

/** Runs the baseline tree's own bench/checkout.ts on one database and reads its figures. */
export async function runBaseline(
  base: BaselineTree,
  kind: Kind,
  when: BaselineRun["when"],
  { duration, warmup, buyers }: Settings,
): Promise<BaselineRun> {
  const loadAverageBefore = loadAverage();
  console.log(
    `\n== ${kind}: ${baselineLabel(base.ref)}, ${when} the hosted run == load average ${loadAverageBefore.join(" / ")}`,
  );
  const args = [
    "tsx",
    "bench/checkout.ts",
    "--duration",
    String(duration),
    "--warmup",
    String(warmup),
    "--buyers",
    String(buyers),
    "--databases",
    kind,
    "--no-profile",
    // A baseline recent enough to have baselines of its own must not run them inside this one.
    ...(hasBaselineOption(base.tree) ? ["--baseline", "none"] : []),
  ];
  const started = Date.now();
  const run: BaselineRun = {
    kind,
    when,
    ref: base.ref,
    commit: base.commit,
    label: baselineLabel(base.ref),
    tree: base.tree,
    exitCode: null,
    seconds: 0,
    loadAverageBefore,
  };
  try {
    const child = spawn("npx", args, {
      cwd: base.tree,
      env: process.env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    for (const stream of [child.stdout, child.stderr]) {
      readline
        .createInterface({ input: stream })
        .on("line", (line) => console.log(`  [baseline] ${line}`));
    }
    run.exitCode = await new Promise<number | null>((resolve, reject) => {
      child.once("error", reject);
      child.once("exit", (code) => resolve(code));
    });
    run.seconds = Math.round((Date.now() - started) / 1000);
    const file = path.join(base.tree, "bench/results/checkout.json");
    const report = JSON.parse(readFileSync(file, "utf8")) as {
      date: string;
      results: {
        kind: Kind;
        measured: BaselineFigures & { p50Ms: number };
        targets: BaselineRun["targets"];
        invariants: Check[];
      }[];
    };
    if (Date.parse(report.date) < started - 1000)
      throw new Error(`${file} is from ${report.date}, before this run: the baseline failed`);
    const result = report.results.find((entry) => entry.kind === kind);
    if (!result) throw new Error(`${file} has no ${kind} result`);
    const m = result.measured;
    run.figures = {
      ordersPerSec: m.ordersPerSec,
      requestsPerSec: m.requestsPerSec,
      newOrders: m.newOrders,
      requests: m.requests,
      p50Ms: m.p50Ms,
      p90Ms: m.p90Ms,
      p95Ms: null,
      p99Ms: m.p99Ms,
      maxMs: m.maxMs,
      statuses: m.statuses,
      serverCpuPct: m.serverCpuPct,
      postgresCpuPct: m.postgresCpuPct,
      machineBusyPct: m.machineBusyPct,
      serverCpuMsPerOrder: m.serverCpuMsPerOrder,
      postgresCpuMsPerOrder: m.postgresCpuMsPerOrder,
      cpuBoundOrdersPerSec: m.cpuBoundOrdersPerSec,
      busiestThread: m.busiestThread ?? null,
      failures: m.failures,
    };
    run.targets = result.targets;
    run.invariants = {
      hold: result.invariants.filter((check) => check.pass).length,
      of: result.invariants.length,
      failed: result.invariants.filter((check) => !check.pass).map((check) => check.name),
    };
    log(
      `baseline ${kind} (${when}): ${m.ordersPerSec} orders/s, p50 ${m.p50Ms} ms, p99 ${m.p99Ms} ms (exit ${run.exitCode}, ${run.seconds} s)`,
    );
  } catch (error) {
    run.error = error instanceof Error ? error.message : String(error);
    console.log(`  baseline ${kind} could not be measured: ${run.error}`);
  }
  return run;
}
