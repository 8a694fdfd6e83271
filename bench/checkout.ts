// `npm run bench:checkout`: checkout under load as a browser does it, with correctness checked
// afterwards, beside a run of the store before the hosted checkout in the same session.
//
// 50 buyers (one checkout in flight each) for 20 s against the real server in its own process
// (bench/support/serve-app.ts: as src/server/main.ts starts it, NODE_ENV=production,
// LOG_LEVEL=warn, mail worker, refund retries and unpaid-order sweep on, TRUST_PROXY=1,
// PAYMENT_PROVIDER=test), on PGlite in a fresh data directory and, when TEST_DATABASE_URL is set,
// on a fresh PostgreSQL database (fhh_bench_<random>, dropped after). Every product starts with
// plenty of stock except one scarce product that many orders include, so the run shows that
// contention never oversells. Each simulated shopper has its own X-Forwarded-For address and
// cookie and places 1-5 orders before the next shopper takes the slot, so the per-address limits
// apply per shopper as behind a real proxy.
//
// Payments go through the hosted checkout (docs/decisions/0030-hosted-checkout.md): cash orders
// are one call (POST /api/orders → 201 placed). An online order is placed (201
// awaiting_payment, with the provider's order), paid in the provider's checkout (the built-in
// test provider's API, POST /api/test-provider/orders/{id}/payments, with what its checkout page
// sends: a summary, never a card number), and the provider's signed answer reported to the store
// (POST /api/orders/{n}/payment, "verify") → 200 placed/paid (or 202: signed, not yet known to be
// captured; the order page then reads the order until the webhook has made it paid). A declined
// UPI payment (402 at the provider) is left awaiting payment, holding its stock, as a shopper who
// gives up would leave it, and that shopper leaves. After the server has stopped, the database is
// checked against every answer the buyers got.
//
// Before and after each database's run (A-B-A, so a machine that got busier or quieter in between
// shows), unless `--baseline none`, the same bench of main before the hosted checkout runs with
// the same settings in a child process: a git worktree of --baseline in
// .tmp/bench-baseline/<ref> (reused), its node_modules and dist links to this checkout's (nothing
// is built), running its own bench/checkout.ts. Its figures (from the bench/results/checkout.json
// it writes in its own tree) are put beside these in bench/results/checkout.md and .json. Both
// run with NODE_ENV=production in the environment (see main()).
//
// Options: --duration S (20) --warmup S (2) --buyers N (50) --databases pglite,postgres
//          --profile (always profile) --no-profile (never; by default only when a target is
//          missed) --profile-seconds S (4) --baseline REF (cac9494; "none" skips it)
//          --baseline-runs N (2: before and after the hosted run; 1: before only)
// Exit code: 1 when an invariant fails (or the run could not be done); 0 otherwise, also when a
// throughput or latency target is missed or the baseline could not be run.
//
// The parts, in bench/checkout/: load-model.ts (who buys what, how they pay, the stock),
// drivers/http-shoppers.ts (the buyers over HTTP), drivers/baseline-bench.ts (the baseline's own
// bench in its worktree), database-run.ts (one database: serve, load, measure, check),
// invariants.ts, profile.ts, and report.ts with report-markdown.ts (what is printed at the end
// and written under bench/results/).
import os from "node:os";
import { parseArgs } from "node:util";
import { type DatabaseResult, runDatabase } from "./checkout/database-run.ts";
import {
  type BaselineRun,
  type BaselineTree,
  baselineTree,
  DEFAULT_BASELINE,
  runBaselineStore,
} from "./checkout/drivers/baseline-store.ts";
import { workingTree } from "./checkout/git-tree.ts";
import { loadAverage } from "./checkout/machine-figures.ts";
import { reportRun } from "./checkout/report.ts";
import type { Kind, Settings } from "./checkout/settings.ts";

const { values: flags } = parseArgs({
  options: {
    duration: { type: "string", default: "20" },
    warmup: { type: "string", default: "2" },
    buyers: { type: "string", default: "50" },
    mix: { type: "string", default: "default" },
    databases: { type: "string" },
    profile: { type: "boolean", default: false },
    "no-profile": { type: "boolean", default: false },
    "profile-seconds": { type: "string", default: "4" },
    baseline: { type: "string", default: DEFAULT_BASELINE },
    "baseline-runs": { type: "string", default: "2" },
  },
});
const testDatabaseUrl = process.env.TEST_DATABASE_URL || undefined;
if (flags.mix !== "cash" && flags.mix !== "default") {
  console.error(`--mix is cash or default, not ${flags.mix}`);
  process.exit(2);
}
const settings: Settings = {
  duration: Number(flags.duration),
  warmup: Number(flags.warmup),
  buyers: Number(flags.buyers),
  mix: flags.mix,
  databases: (flags.databases ?? (testDatabaseUrl ? "pglite,postgres" : "pglite"))
    .split(",")
    .map((name) => name.trim()) as Kind[],
  profile: flags.profile,
  noProfile: flags["no-profile"],
  profileSeconds: Number(flags["profile-seconds"]),
  baselineRef: flags.baseline === "none" ? undefined : flags.baseline,
  baselineRuns: Math.min(Math.max(Number(flags["baseline-runs"]), 1), 2),
  testDatabaseUrl,
};
const { duration, warmup, buyers, databases, baselineRef, baselineRuns } = settings;

async function main() {
  // React (the emails and invoices are React components rendered on the server) reads
  // process.env.NODE_ENV, not the store's config: without this the server child, which only
  // hands NODE_ENV=production to loadConfig, renders with React's development build, several
  // times slower than a deployment (README: NODE_ENV=production). The server child and the
  // baseline's bench inherit it, so both runs render alike.
  process.env.NODE_ENV = "production";
  const started = Date.now();
  const storeVersion = workingTree();
  const loadAverageStart = loadAverage();
  console.log(
    `bench:checkout — hosted checkout (POST /api/orders, the test provider, POST /api/orders/{n}/payment), ${buyers} buyers for ${duration} s (after ${warmup} s warm-up) on ${databases.join(" and ")}; baseline ${baselineRef ?? "none"}; load average at start ${loadAverageStart.join(" / ")} (${os.cpus().length} CPUs)`,
  );
  if (!testDatabaseUrl) console.log("TEST_DATABASE_URL is not set: PostgreSQL is skipped");

  let base: BaselineTree | undefined;
  let baselineError: string | undefined;
  if (baselineRef) {
    try {
      base = await baselineTree(baselineRef);
    } catch (error) {
      baselineError = error instanceof Error ? error.message : String(error);
      console.log(`baseline ${baselineRef} could not be prepared: ${baselineError}`);
    }
  }

  // Interleaved: each database's baseline right before its hosted run and right after it
  // (A-B-A), so both see about the same machine, and a change in between shows.
  const results: DatabaseResult[] = [];
  for (const kind of databases) {
    const baselines: BaselineRun[] = [];
    if (base) baselines.push(await runBaselineStore(base, kind, "before", settings));
    const result = await runDatabase(kind, settings);
    if (base && baselineRuns > 1)
      baselines.push(await runBaselineStore(base, kind, "after", settings));
    results.push({ ...result, baselines });
  }

  const run = { settings, results, started, storeVersion, loadAverageStart, base, baselineError };
  const { invariantsPassed, scriptMatched } = await reportRun(run);
  if (!invariantsPassed || !scriptMatched) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error("bench:checkout failed:", error);
  process.exit(1);
});
