// The baseline: the store as it was at another commit (65ecfa1 by default, the hosted checkout
// before mail rendered at send, statements built once and fewer round trips), served from its
// own tree (a git worktree of the commit in .tmp/bench-baseline/<ref>, reused, its dist linked to
// this checkout's and its node_modules too while both lock files agree) by that tree's bench/support/serve-app.ts, as
// this tree's is served, and driven by THIS tree's buyers with the same settings: the same
// cash-order driver against both. Its database is fresh, migrated, seeded and stocked by its own
// code (bench/checkout/stock-up-child.ts run against the tree). Its CPU is measured as this
// tree's: the store process and its database's PostgreSQL backends. Its database is not checked
// afterwards: the checks are this tree's, written for this tree's tables.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, lstatSync, readFileSync, writeFileSync } from "node:fs";
import { mkdir, rm, symlink } from "node:fs/promises";
import path from "node:path";
import { type ChildServer, ROOT, startChild } from "../../support/child.ts";
import { freshDatabase } from "../../support/fresh-database.ts";
import type { ShelfProduct } from "../../support/shelves.ts";
import { BackendCpu } from "../backend-cpu.ts";
import { databaseNameOf, SERVER_START_MS } from "../database-run.ts";
import { git } from "../git-tree.ts";
import type { Catalogue } from "../load-model.ts";
import { loadAverage } from "../machine-figures.ts";
import { log } from "../progress-log.ts";
import type { Kind, Settings } from "../settings.ts";
import { describeStretch, measureStretch, type Stretch } from "../stretch.ts";
import { Buyers } from "./http-shoppers.ts";

export const DEFAULT_BASELINE = "65ecfa1";
export const baselineLabel = (ref: string) => `baseline: the store at ${ref}`;

export type BaselineRun = {
  kind: Kind;
  /** Run right before this tree's run, or right after it. */
  when: "before" | "after";
  ref: string;
  commit: string;
  label: string;
  tree: string;
  seconds: number;
  loadAverageBefore: number[];
  /** Its cash-only stretch, measured as this tree's. */
  cash?: Stretch;
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

/** A worktree of `ref` in .tmp/bench-baseline/<ref> (reused), with the node_modules it needs. */
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
  await baselineModules(tree);
  // The built web app, linked too when this checkout has one, so both servers register the same
  // plugins (the bench requests no page; nothing is built for the baseline).
  const dist = path.join(tree, "dist");
  if (existsSync(path.join(ROOT, "dist/web")) && !pathTaken(dist))
    await symlink(path.join(ROOT, "dist"), dist, "dir");
  return { ref, commit, tree };
}

/**
 * The baseline's dependencies: this checkout's, linked, while both lock files agree; its own,
 * installed once from its lock file (kept with the lock's hash), when they differ, since a
 * package this tree dropped may still be one the baseline imports. Nothing is built (the bench
 * serves no web app and runs the TypeScript through tsx).
 */
async function baselineModules(tree: string): Promise<void> {
  const modules = path.join(tree, "node_modules");
  const lockOf = (root: string) => readFileSync(path.join(root, "package-lock.json"), "utf8");
  const lock = lockOf(tree);
  if (lock === lockOf(ROOT)) {
    if (!pathTaken(modules)) await symlink(path.join(ROOT, "node_modules"), modules, "dir");
    return;
  }
  const stamp = path.join(tree, ".tmp-installed-lock");
  const hash = createHash("sha256").update(lock).digest("hex");
  const installed = existsSync(stamp) && readFileSync(stamp, "utf8") === hash;
  if (installed && !lstatSync(modules).isSymbolicLink()) return;
  if (pathTaken(modules)) await rm(modules, { recursive: true, force: true });
  log(`baseline: its lock file differs from this tree's; installing its own node_modules`);
  execFileSync("npm", ["ci", "--no-audit", "--no-fund"], { cwd: tree, stdio: "ignore" });
  writeFileSync(stamp, hash);
}

/** The baseline tree's catalogue, stocked by its own code in a child process. */
function stockUpBaseline(tree: string, env: Record<string, string>): Catalogue {
  const output = execFileSync(
    process.execPath,
    [
      "--import",
      "tsx",
      path.join(ROOT, "bench/checkout/stock-up-child.ts"),
      JSON.stringify({ root: tree, env }),
    ],
    { cwd: ROOT, encoding: "utf8", stdio: ["ignore", "pipe", "inherit"], maxBuffer: 64 << 20 },
  );
  const last = output.trim().split("\n").at(-1)!;
  const parsed = JSON.parse(last) as {
    initialStock: [string, number][];
    plentiful: string[];
    scarce: string;
    products: [string, ShelfProduct][];
  };
  return {
    initialStock: new Map(parsed.initialStock),
    plentiful: parsed.plentiful,
    scarce: parsed.scarce,
    products: new Map(parsed.products),
  };
}

/** The baseline's store on a fresh database of `kind`: warm up, then a cash-only stretch. */
export async function runBaselineStore(
  base: BaselineTree,
  kind: Kind,
  when: BaselineRun["when"],
  { duration, warmup, buyers, testDatabaseUrl }: Settings,
): Promise<BaselineRun> {
  const loadAverageBefore = loadAverage();
  console.log(
    `\n== ${kind}: ${baselineLabel(base.ref)}, ${when} this tree's run == load average ${loadAverageBefore.join(" / ")}`,
  );
  const started = Date.now();
  const run: BaselineRun = {
    kind,
    when,
    ref: base.ref,
    commit: base.commit,
    label: baselineLabel(base.ref),
    tree: base.tree,
    seconds: 0,
    loadAverageBefore,
  };
  const fresh = await freshDatabase(kind, "checkout-baseline", testDatabaseUrl);
  const env: Record<string, string> = { ...fresh.env, DEMO_MODE: "true", PAYMENT_PROVIDER: "test" };
  const backends = env.DATABASE_URL
    ? new BackendCpu(databaseNameOf(env.DATABASE_URL)).start()
    : undefined;
  let server: ChildServer | undefined;
  let buyersRun: Buyers | undefined;
  try {
    const catalogue = stockUpBaseline(base.tree, fresh.env);
    server = await startChild("bench/support/serve-app.ts", {
      root: base.tree,
      timeoutMs: SERVER_START_MS,
      args: [
        JSON.stringify({
          env: { ...env, TRUST_PROXY: "1", CASH_ORDERS_PER_NETWORK: "100000" },
        }),
      ],
    });
    buyersRun = new Buyers(server, catalogue, buyers);
    await buyersRun.run("warm-up", warmup, buyers, "cash");
    const { stretch } = await measureStretch(server, buyersRun, backends, "cash", {
      seconds: duration,
      concurrency: buyers,
      mix: "cash",
    });
    run.cash = stretch;
    log(`baseline ${when}: ${describeStretch(stretch)}`);
  } catch (error) {
    run.error = error instanceof Error ? error.message : String(error);
    console.log(`  baseline ${kind} could not be measured: ${run.error}`);
  } finally {
    backends?.stop();
    buyersRun?.close();
    await server?.stop(30_000);
    await fresh.cleanup();
    run.seconds = Math.round((Date.now() - started) / 1000);
  }
  return run;
}
