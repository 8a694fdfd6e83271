// `npm run bench:faults`: what faults do to a store under load, and whether its invariants hold
// afterwards. Scenarios, one after another, each on a database of its own:
//
//   a. kill -9 cycles under checkout load, on PostgreSQL and on PGlite;
//   b. PostgreSQL restarted (stop immediate + start), then stopped for 10 s, under load;
//   c. two instances behind HAProxy (deploy/haproxy.cfg) and a race for last units across them;
//   d. a rolling restart of those two instances under load;
//   e. the read replica (DATABASE_READ_URL) stopped and started again under load.
//
// b-e are PostgreSQL only: PGlite has no server to stop, one process owns it, and no replica
// follows it. PostgreSQL is a cluster of the run's own (src/server/testing/postgres-clusters.ts),
// never the shared server on 5432; every store, proxy and provider listens on loopback. After
// each scenario every store is stopped and src/server/testing/store-invariants.ts checks the
// database against what the shoppers were told. Results: bench/results/faults.md and .json.
//
// Options: --only a,b,... (scenario ids: kill-postgres, kill-pglite, postgres-outage,
//          proxy-race, rolling-restart, replica-loss) --cycles N (5) --buyers N (20)
//          --kill-every S (6) --out PATH (bench/results/faults; "none" writes nothing)
// Exit code: 1 when an invariant failed or a scenario could not be run.
import { writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import {
  clustersUnavailable,
  type PostgresCluster,
  startPrimaryCluster,
} from "../src/server/testing/postgres-clusters.ts";
import { findingsOf } from "./faults/findings.ts";
import { closeConnections } from "./faults/http-call.ts";
import { killCycles } from "./faults/kill-cycles.ts";
import type { ScenarioOutcome } from "./faults/load-session.ts";
import { postgresOutage } from "./faults/postgres-outage.ts";
import { proxyRace } from "./faults/proxy-race.ts";
import { replicaLoss } from "./faults/replica-loss.ts";
import { faultsMarkdown, runFacts } from "./faults/report.ts";
import { rollingRestart } from "./faults/rolling-restart.ts";
import { ROOT } from "./support/child.ts";

const { values: flags } = parseArgs({
  options: {
    only: { type: "string" },
    cycles: { type: "string", default: "5" },
    buyers: { type: "string", default: "20" },
    "kill-every": { type: "string", default: "6" },
    out: { type: "string", default: "bench/results/faults" },
  },
});

const SCENARIOS = [
  "kill-postgres",
  "kill-pglite",
  "postgres-outage",
  "proxy-race",
  "rolling-restart",
  "replica-loss",
] as const;
type ScenarioId = (typeof SCENARIOS)[number];

const chosen = (flags.only?.split(",").map((id) => id.trim()) ?? [...SCENARIOS]) as ScenarioId[];
const buyers = Number(flags.buyers);
const benchStarted = performance.now();
const startedAt = new Date();
const loadAtStart = Number(os.loadavg()[0]!.toFixed(1));
let postgresVersion = "PostgreSQL not used";
const elapsed = () => Math.round((performance.now() - benchStarted) / 1000);

async function main() {
  const unknown = chosen.filter((id) => !SCENARIOS.includes(id));
  if (unknown.length) throw new Error(`unknown scenarios: ${unknown.join(", ")}`);
  const needsPostgres = chosen.some((id) => id !== "kill-pglite");
  let cluster: PostgresCluster | undefined;
  const outcomes: ScenarioOutcome[] = [];
  try {
    if (needsPostgres) {
      if (clustersUnavailable) throw new Error(clustersUnavailable);
      cluster = await startPrimaryCluster();
      postgresVersion = await versionOf(cluster);
      console.log(`${postgresVersion}: a cluster of the run's own on port ${cluster.port}`);
    }
    for (const id of chosen) {
      console.log(`\n== ${id} (${elapsed()} s into the run)`);
      outcomes.push(await run(id, cluster));
    }
  } finally {
    closeConnections();
    await cluster?.destroy();
  }
  const failed = outcomes.filter(
    (o) => o.error || !o.invariants?.pass || o.checks.some((check) => !check.pass),
  );
  console.log(`\nbench:faults done in ${elapsed()} s; ${failed.length} scenario(s) failed`);
  if (flags.out !== "none") {
    const facts = runFacts(startedAt, elapsed(), postgresVersion, loadAtStart);
    const base = path.resolve(ROOT, flags.out!);
    await writeFile(`${base}.json`, `${JSON.stringify({ ...facts, outcomes }, null, 2)}\n`);
    await writeFile(`${base}.md`, faultsMarkdown(facts, outcomes, findingsOf(outcomes)));
    console.log(`wrote ${path.relative(ROOT, base)}.md and .json`);
  }
  if (failed.length > 0) process.exitCode = 1;
}

async function versionOf(cluster: PostgresCluster): Promise<string> {
  const client = new pg.Client({ connectionString: cluster.url() });
  await client.connect();
  try {
    const { rows } = await client.query<{ server_version: string }>("show server_version");
    return `PostgreSQL ${rows[0]?.server_version ?? "?"}`;
  } finally {
    await client.end();
  }
}

function run(id: ScenarioId, cluster: PostgresCluster | undefined): Promise<ScenarioOutcome> {
  const kill = {
    cycles: Number(flags.cycles),
    buyers,
    everyMs: Number(flags["kill-every"]) * 1000,
  };
  switch (id) {
    case "kill-postgres":
      return killCycles("postgres", cluster, kill);
    case "kill-pglite":
      return killCycles("pglite", undefined, kill);
    case "postgres-outage":
      return postgresOutage(cluster!, { buyers, stopSeconds: 10, betweenMs: 8000 });
    case "proxy-race":
      return proxyRace(cluster!, { rounds: 5, contenders: 24, buyers: 10 });
    case "rolling-restart":
      return rollingRestart(cluster!, { buyers, settleMs: 5000 });
    case "replica-loss":
      return replicaLoss(cluster!, { buyers, downSeconds: 10, settleMs: 6000 });
  }
}

main().catch((error: unknown) => {
  console.error("bench:faults failed:", error);
  process.exit(1);
});
