// The run's tables: the hosted run per database, and each database's baseline runs beside it
// (before, hosted, after), as printed at the end and written into bench/results/checkout.md.
import { type DatabaseResult, HOSTED_LABEL } from "./database-run.ts";
import type { BaselineFigures, BaselineRun } from "./drivers/baseline-bench.ts";
import { round } from "./figures.ts";
import type { CallKind } from "./phase.ts";
import type { Kind } from "./settings.ts";

export const MAIN_HEADER = [
  "database",
  "orders/s",
  "store calls/s",
  "order p50",
  "order p95",
  "order p99",
  "verify p50",
  "verify p95",
  "verify p99",
  "provider p50",
  "provider p99",
  "201",
  "paid",
  "declined",
  "409 stock",
  "replays",
  "5xx/net",
  "server CPU",
  "busiest thread",
  "pg CPU",
  "machine busy",
  "CPU ms/order",
  "CPU-bound est.",
];

export function mainRows(results: DatabaseResult[]): (string | number)[][] {
  return results.map((result) => {
    const m = result.measured;
    const l = m.latency;
    return [
      result.kind,
      m.ordersPerSec.toFixed(1),
      m.storeRequestsPerSec.toFixed(1),
      l.order.p50Ms,
      l.order.p95Ms,
      l.order.p99Ms,
      l.verify.p50Ms,
      l.verify.p95Ms,
      l.verify.p99Ms,
      l.provider.p50Ms,
      l.provider.p99Ms,
      m.counts.created,
      m.counts.paid,
      m.counts.declinedAtProvider,
      m.counts.outOfStock,
      m.counts.replays,
      m.counts.failures,
      `${m.serverCpuPct ?? "?"}%`,
      m.busiestThread
        ? `${m.busiestThread.main ? "main" : "other"} ${m.busiestThread.cpuPct}%`
        : "?",
      result.kind === "postgres" ? `${m.postgresCpuPct ?? "?"}%` : "-",
      `${m.machineBusyPct ?? "?"}%`,
      `${m.serverCpuMsPerOrder ?? "?"}${result.kind === "postgres" ? ` + ${m.postgresCpuMsPerOrder ?? "?"}` : ""}`,
      `${m.cpuBoundOrdersPerSec ?? "?"}/s`,
    ];
  });
}

export const COMPARISON_HEADER = [
  "database",
  "run",
  "orders/s",
  "store calls/s",
  "call",
  "p50 ms",
  "p90 ms",
  "p95 ms",
  "p99 ms",
  "max ms",
  "server CPU",
  "CPU ms/order",
  "CPU-bound est.",
  "machine busy",
  "load avg before",
];

export type ComparisonRow = {
  database: Kind;
  run: string;
  ordersPerSec: number | null;
  storeCallsPerSec: number | null;
  call: string;
  p50Ms: number | null;
  p90Ms: number | null;
  p95Ms: number | null;
  p99Ms: number | null;
  maxMs: number | null;
  /** The server process's CPU, % of one core: how much of the machine it got. */
  serverCpuPct: number | null;
  /** Server (+ PostgreSQL) CPU ms per order placed or paid: what an order costs. */
  cpuMsPerOrder: string | null;
  cpuBoundOrdersPerSec: number | null;
  machineBusyPct: number | null;
  loadAverageBefore: number | null;
};

const cpuCell = (server: number | null, postgres: number | null, kind: Kind) =>
  server === null ? null : `${server}${kind === "postgres" ? ` + pg ${postgres ?? "?"}` : ""}`;

function baselineRow(kind: Kind, base: BaselineRun): ComparisonRow {
  const f = base.figures;
  return {
    database: kind,
    run: `${base.label}, ${base.when}`,
    ordersPerSec: f?.ordersPerSec ?? null,
    storeCallsPerSec: f?.requestsPerSec ?? null,
    call: "order (card details posted; 1 store call per order)",
    p50Ms: f?.p50Ms ?? null,
    p90Ms: f?.p90Ms ?? null,
    p95Ms: null,
    p99Ms: f?.p99Ms ?? null,
    maxMs: f?.maxMs ?? null,
    serverCpuPct: f?.serverCpuPct ?? null,
    cpuMsPerOrder: f ? cpuCell(f.serverCpuMsPerOrder, f.postgresCpuMsPerOrder, kind) : null,
    cpuBoundOrdersPerSec: f?.cpuBoundOrdersPerSec ?? null,
    machineBusyPct: f?.machineBusyPct ?? null,
    loadAverageBefore: base.loadAverageBefore[0] ?? null,
  };
}

export function comparison(results: DatabaseResult[]): ComparisonRow[] {
  const out: ComparisonRow[] = [];
  for (const result of results) {
    const before = result.baselines.filter((base) => base.when === "before");
    const after = result.baselines.filter((base) => base.when === "after");
    for (const base of before) out.push(baselineRow(result.kind, base));
    const m = result.measured;
    const calls: [CallKind, string][] = [
      ["order", "order (place: 201 placed or awaiting_payment)"],
      ["verify", "verify (report the provider's answer: 200 paid)"],
      ["provider", "provider (test provider's API; the provider's work, not a store call)"],
    ];
    calls.forEach(([kind, label], index) => {
      const l = m.latency[kind];
      const first = index === 0;
      out.push({
        database: result.kind,
        run: HOSTED_LABEL,
        ordersPerSec: first ? m.ordersPerSec : null,
        storeCallsPerSec: first ? m.storeRequestsPerSec : null,
        call: label,
        p50Ms: l.p50Ms,
        p90Ms: l.p90Ms,
        p95Ms: l.p95Ms,
        p99Ms: l.p99Ms,
        maxMs: l.maxMs,
        serverCpuPct: first ? m.serverCpuPct : null,
        cpuMsPerOrder: first
          ? cpuCell(m.serverCpuMsPerOrder, m.postgresCpuMsPerOrder, result.kind)
          : null,
        cpuBoundOrdersPerSec: first ? m.cpuBoundOrdersPerSec : null,
        machineBusyPct: first ? m.machineBusyPct : null,
        loadAverageBefore: first ? (result.loadAverageBefore[0] ?? null) : null,
      });
    });
    for (const base of after) out.push(baselineRow(result.kind, base));
  }
  return out;
}

export function comparisonCells(rows: ComparisonRow[]): (string | number)[][] {
  const cell = (value: number | string | null, missing = "") => (value === null ? missing : value);
  const percent = (value: number | null) => (value === null ? "" : `${value}%`);
  return rows.map((row) => [
    row.database,
    row.run,
    cell(row.ordersPerSec),
    cell(row.storeCallsPerSec),
    row.call,
    cell(row.p50Ms, "?"),
    cell(row.p90Ms, "?"),
    cell(row.p95Ms, row.run === HOSTED_LABEL ? "?" : "n/r"),
    cell(row.p99Ms, "?"),
    cell(row.maxMs, "?"),
    percent(row.serverCpuPct),
    cell(row.cpuMsPerOrder),
    row.cpuBoundOrdersPerSec === null ? "" : `${row.cpuBoundOrdersPerSec}/s`,
    percent(row.machineBusyPct),
    cell(row.loadAverageBefore),
  ]);
}

/** The mean of the baseline runs' figure, or null when none was measured. */
export function baselineMean(
  runs: BaselineRun[],
  pick: (figures: BaselineFigures) => number | null,
): number | null {
  const values = runs
    .map((run) => (run.figures ? pick(run.figures) : null))
    .filter((value): value is number => value !== null);
  return values.length === 0
    ? null
    : round(values.reduce((sum, value) => sum + value, 0) / values.length, 2);
}
