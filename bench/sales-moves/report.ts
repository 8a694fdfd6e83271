// What bench:sales-moves writes: per database, the move's p95 over the session lookup's p95
// while the shop is saturated with orders (the line the store is held to), then every phase's
// figures as information, to bench/results/sales-moves.md and .json.
import { mkdir, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { percentile } from "../support/checkout-steps.ts";
import { mdTable, ROOT } from "../support/child.ts";
import { SESSION_LOOKUP } from "./manager.ts";
import type { Phase } from "./phase.ts";

export type Kind = "pglite" | "postgres";
/** The move may take at most this many times the lookup every request pays, at p95. */
export const TARGET_RATIO = 2;
export const RATIO_LINE = "move p95 vs session lookup p95 under the same load:";

const DATABASE_NAMES: Record<Kind, string> = { pglite: "PGlite", postgres: "PostgreSQL" };

/** One phase's measurements; `headline` marks the one each database's ratio line is read from. */
export type Run = {
  kind: Kind;
  load: string;
  lanes: string;
  seconds: number;
  phase: Phase;
  headline: boolean;
};

const round = (ms: number) => Math.round(ms * 10) / 10;

export function summary(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    count: sorted.length,
    p50: round(percentile(sorted, 0.5)),
    p95: round(percentile(sorted, 0.95)),
    max: round(sorted.at(-1) ?? 0),
  };
}

/** Unrounded p95s, so the ratio does not carry the table's rounding. */
function ratioOf(phase: Phase): number {
  const p95 = (samples: number[]) =>
    percentile(
      [...samples].sort((a, b) => a - b),
      0.95,
    );
  return Math.round((p95(phase.moves) / p95(phase.lookups)) * 100) / 100;
}

type Settings = { seconds: number; buyers: number; steadyRate: number; managers: number };

export async function writeResults(runs: Run[], settings: Settings, started: Date) {
  const cpu = os.cpus();
  const headlines = runs.filter((run) => run.headline);
  const failures = runs.flatMap((run) => run.phase.failures);
  const failed = runs.reduce((sum, run) => sum + run.phase.failed, 0);
  const ordersPerSecond = (run: Run) => Math.round(run.phase.orders / run.seconds);
  const lines = [
    "# Sales moves under checkout load",
    "",
    `${started.toISOString()} · Node ${process.version} · ${cpu.length} CPUs (${cpu[0]?.model ?? "unknown"}) · \`npm run bench:sales-moves -- ${process.argv.slice(2).join(" ")}\``,
    "",
    `The sales manager moves orders on (confirm, pack, send out, deliver) ${settings.managers === 1 ? "from one client, one request at a time" : `from ${settings.managers} clients at once (the same member in several tabs), one request at a time each`}, each move as the Sales dashboard sends it and each beside a GET ${SESSION_LOOKUP}: the cheapest request a staff session can make, answered after the one session lookup every staff request pays. Move and lookup alternate (which goes first alternates too), so both wait in the same queues under the same load; each is timed from sending to the answer's last byte. The line below is read while ${settings.buyers} buyers place orders as fast as the store answers (bench:checkout's buyers, which keep the two cores saturated), with the default checkout lanes: a ratio, so it holds on any machine, where the absolute times only say how busy this one was. Target: R ≤ ${TARGET_RATIO}.`,
    "",
    ...headlines.flatMap((run) => {
      const moves = summary(run.phase.moves);
      const lookups = summary(run.phase.lookups);
      const ratio = ratioOf(run.phase);
      return [
        `## ${DATABASE_NAMES[run.kind]}`,
        "",
        `${RATIO_LINE} ${ratio.toFixed(2)}`,
        "",
        `Move p95 ${moves.p95} ms over ${moves.count} moves; session lookup p95 ${lookups.p95} ms over ${lookups.count} lookups; ${run.load} (${ordersPerSecond(run)} orders/s), checkout lanes ${run.lanes}, ${run.seconds} s. ${ratio <= TARGET_RATIO ? "Within" : "**Over**"} the target of ${TARGET_RATIO}.`,
        "",
      ];
    }),
    "## Every phase",
    "",
    `Each phase runs ${settings.seconds} s: on a quiet store; while ${settings.steadyRate} orders a second arrive on a clock (a very busy shop; a city's produce shop at its peak takes a few a minute); and, once per checkout lanes setting (how many checkouts one process works on at once; the rest wait their turn), each on a fresh database and server, while ${settings.buyers} buyers place orders as fast as the store answers. Times in ms.`,
    "",
    mdTable(
      [
        "database",
        "while",
        "checkout lanes",
        "orders/s",
        "moves",
        "move p50",
        "move p95",
        "move max",
        "lookups",
        "lookup p50",
        "lookup p95",
        "move p95 / lookup p95",
      ],
      runs.map((run) => {
        const moves = summary(run.phase.moves);
        const lookups = summary(run.phase.lookups);
        return [
          run.kind,
          run.load,
          run.lanes,
          ordersPerSecond(run),
          moves.count,
          moves.p50,
          moves.p95,
          moves.max,
          lookups.count,
          lookups.p50,
          lookups.p95,
          ratioOf(run.phase).toFixed(2),
        ];
      }),
    ),
    "",
    ...runs.map(({ kind, load, lanes, phase }) => {
      const refused = Object.entries(phase.refusals);
      const total = refused.reduce((sum, [, count]) => sum + count, 0);
      const reasons = refused.map(([why, count]) => `${count} × ${why}`).join(", ");
      return `- ${kind}, ${load}, lanes ${lanes}: orders refused or failed: ${total}${total ? ` (${reasons})` : ""}.`;
    }),
    failed > 0
      ? `\n${failed} moves or lookups went wrong, among them: ${failures.join("; ")}`
      : "\nEvery move answered 200 with the order in its new state; every lookup answered 200 with the sales manager.",
  ];
  const json = {
    startedAt: started.toISOString(),
    node: process.version,
    cpus: cpu.length,
    targetRatio: TARGET_RATIO,
    ratios: Object.fromEntries(
      headlines.map((run) => [
        run.kind,
        {
          ratio: ratioOf(run.phase),
          move: summary(run.phase.moves),
          lookup: summary(run.phase.lookups),
        },
      ]),
    ),
    phases: runs.map((run) => ({
      database: run.kind,
      load: run.load,
      lanes: run.lanes,
      seconds: run.seconds,
      orders: run.phase.orders,
      refusals: run.phase.refusals,
      move: summary(run.phase.moves),
      lookup: summary(run.phase.lookups),
      ratio: ratioOf(run.phase),
      failed: run.phase.failed,
    })),
  };
  const resultsFile = path.join(ROOT, "bench/results/sales-moves.md");
  await mkdir(path.dirname(resultsFile), { recursive: true });
  await writeFile(resultsFile, `${lines.join("\n")}\n`);
  await writeFile(resultsFile.replace(/\.md$/, ".json"), `${JSON.stringify(json, null, 2)}\n`);
  console.log(lines.join("\n"));
  return { failed };
}
