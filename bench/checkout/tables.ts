// The run's tables: the measured stretch per database, and every stretch of each database in
// the order it ran (the baseline before, this tree's stretches, the baseline after), as printed
// at the end and written into bench/results/checkout.md.
import type { DatabaseResult } from "./database-run.ts";
import type { Stretch } from "./stretch.ts";

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

export const STRETCH_HEADER = [
  "database",
  "run",
  "mix",
  "orders/s",
  "cash/s",
  "online/s",
  "order p50 ms",
  "order p99 ms",
  "store CPU ms/order",
  "pg backends ms/order",
  "total CPU ms/order",
  "machine busy",
];

function stretchRow(kind: string, run: string, s: Stretch): (string | number)[] {
  return [
    kind,
    run,
    s.mix,
    s.ordersPerSec,
    s.cashOrdersPerSec,
    s.onlineOrdersPerSec,
    s.order.p50Ms,
    s.order.p99Ms,
    s.cpu.storeMsPerOrder ?? "?",
    s.cpu.backendMsPerOrder ?? "-",
    s.cpu.totalMsPerOrder ?? "?",
    `${s.machineBusyPct ?? "?"}%`,
  ];
}

export function stretchRows(results: DatabaseResult[]): (string | number)[][] {
  return results.flatMap((result) => {
    const baseline = (when: "before" | "after") =>
      result.baselines
        .filter((run) => run.when === when)
        .map((run) =>
          run.cash
            ? stretchRow(result.kind, `${run.label}, ${when}`, run.cash)
            : [
                result.kind,
                `${run.label}, ${when}: not measured`,
                "",
                "",
                "",
                "",
                "",
                "",
                "",
                "",
                "",
                "",
              ],
        );
    return [
      ...baseline("before"),
      ...result.stretches.map((stretch) =>
        stretchRow(result.kind, `this tree: ${stretch.name}`, stretch),
      ),
      ...baseline("after"),
    ];
  });
}
