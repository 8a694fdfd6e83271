// `npm run bench:checkout`: what a checkout costs, as ratios measured side by side in one run
// (they hold on any machine, however busy, where absolute figures do not), with correctness
// checked afterwards. Printed, and written at the top of bench/results/checkout.md (and .json),
// one set per database:
//   cpu per cash order vs baseline: R                 (store + its PostgreSQL backends; ≤ 0.6)
//   cash orders/s vs pgbench on the same statements: R                                (≥ 0.85)
//   cpu per online order vs cash order: R         (place + provider + report + webhook; ≤ 1.6)
//   p99 / p50 at 50 buyers: R                                                           (≤ 2.5)
//
// The store runs as src/server/main.ts runs it, in its own process (bench/support/serve-app.ts:
// NODE_ENV=production, LOG_LEVEL=warn, mail worker, refund retries and unpaid-order sweep on,
// TRUST_PROXY=1, PAYMENT_PROVIDER=razorpay), on PGlite in a fresh data directory and, when
// TEST_DATABASE_URL is set, on a fresh PostgreSQL database (fhh_bench_<random>, dropped after).
// Buyers check out over HTTP as a browser does (bench/checkout/drivers/http-shoppers.ts): a cash
// order is POST /api/orders → 201 placed; an online order is placed (201 awaiting_payment, the
// store having created the provider's order), paid in the provider's checkout and reported (POST
// /api/orders/{n}/payment → 200 paid, the store checking the payment with the provider), while
// the provider's webhook arrives. The provider (bench/checkout/drivers/provider-side.ts) is
// Razorpay's API stand-in in this process, so the store's CPU is its own work; --provider test
// uses demo mode's built-in test provider instead, served by the store itself (its checkout,
// answers and webhooks then count in the store's CPU). Each simulated shopper has its own X-Forwarded-For
// address and cookie and places a few orders; every product has plenty of stock but one scarce
// product many orders include, so contention shows it never oversells.
//
// Per database, in this order (A-B-A, so a machine that got busier or quieter shows):
//  1. Baseline (unless --baseline none): the store at --baseline (65ecfa1), served from a git
//     worktree in .tmp/bench-baseline/<ref> by that tree's own bench/support/serve-app.ts, on a
//     fresh database migrated, seeded and stocked by that tree's code
//     (bench/checkout/stock-up-child.ts), driven by THIS tree's buyers with the same settings:
//     warm-up, then a cash-only stretch (bench/checkout/drivers/baseline-store.ts).
//  2. This tree: one cash order's statements captured live (bench/pgbench/capture.ts: two cash
//     orders for each of ten carts, one at a time, recorded at the database driver by the
//     server child, bench/support/statement-capture.ts); warm-up; the measured stretch (--mix);
//     a cash-only stretch unless that was it; an online-only stretch (card and approved UPI);
//     a profile when asked or when an absolute target is missed; the store stopped; the
//     database checked against every answer the buyers got (bench/checkout/invariants.ts); then
//     the database's own rate on the captured statements (bench/pgbench/replay.ts): pgbench with
//     bench/pgbench/cash-order.sql, rewritten from the capture (the run exits 1 when the
//     committed file was made for other statements), on PostgreSQL; an in-process replay on
//     PGlite, which pgbench cannot reach.
//  3. Baseline again (unless --baseline-runs 1).
// CPU per order is the store process's CPU (all threads; PGlite runs in one) plus, on
// PostgreSQL, that of the backends serving the store's database (bench/checkout/backend-cpu.ts,
// by process title), over a stretch, per order it completed (bench/checkout/stretch.ts).
// bench/checkout/ratios.ts makes the ratios; bench/checkout/report-method.ts explains them in
// the markdown.
//
// Options: --duration S (20, each stretch and the database's own run) --warmup S (2)
//          --buyers N (50) --mix default|cash (the measured stretch: the payment mix, or every
//          order cash) --databases pglite,postgres --profile (always) --no-profile (never; by
//          default only when an absolute target is missed) --profile-seconds S (4)
//          --baseline REF (65ecfa1; "none" skips it) --baseline-runs N (2: before and after; 1:
//          before only) --pgbench-clients N (default: the store's connections to its database)
//          --provider stand-in|test (who takes the online payments; stand-in by default)
// Exit code: 1 when an invariant fails, the committed pgbench script was made for other
// statements than the store sends now (it is rewritten: commit it), or the run could not be
// done; 0 otherwise, also when a ratio misses its target.
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
import { PROVIDER_KINDS, type ProviderKind } from "./checkout/drivers/provider-side.ts";
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
    provider: { type: "string", default: "stand-in" },
    "pgbench-clients": { type: "string" },
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
if (!PROVIDER_KINDS.includes(flags.provider as ProviderKind)) {
  console.error(`--provider is ${PROVIDER_KINDS.join(" or ")}, not ${flags.provider}`);
  process.exit(2);
}
const settings: Settings = {
  duration: Number(flags.duration),
  warmup: Number(flags.warmup),
  buyers: Number(flags.buyers),
  mix: flags.mix,
  provider: flags.provider as ProviderKind,
  databases: (flags.databases ?? (testDatabaseUrl ? "pglite,postgres" : "pglite"))
    .split(",")
    .map((name) => name.trim()) as Kind[],
  profile: flags.profile,
  noProfile: flags["no-profile"],
  profileSeconds: Number(flags["profile-seconds"]),
  baselineRef: flags.baseline === "none" ? undefined : flags.baseline,
  baselineRuns: Math.min(Math.max(Number(flags["baseline-runs"]), 1), 2),
  testDatabaseUrl,
  pgbenchClients: flags["pgbench-clients"] ? Number(flags["pgbench-clients"]) : undefined,
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
    `bench:checkout — hosted checkout (POST /api/orders, the ${settings.provider === "test" ? "test provider" : "provider's stand-in"}, POST /api/orders/{n}/payment), ${buyers} buyers, stretches of ${duration} s (after ${warmup} s warm-up), --mix ${settings.mix}, on ${databases.join(" and ")}; baseline ${baselineRef ?? "none"}; load average at start ${loadAverageStart.join(" / ")} (${os.cpus().length} CPUs)`,
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
