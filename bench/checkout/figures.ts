// The figures of a stretch of load: orders per second, latency per call kind, the answers the
// buyers got, counted by kind; and the targets they are held to.
import { percentile } from "../support/checkout-steps.ts";
import { CALL_KINDS, type CallKind, type Phase, STORE_CALLS, totalRequests } from "./phase.ts";

export const TARGETS = { pglite: 150, postgres: 300 } as const;
/** Applies to each store call: placing the order, and reporting its payment. */
export const TARGET_P99_MS = 200;

export const round = (value: number, digits = 1) => Number(value.toFixed(digits));

export type Latency = {
  count: number;
  p50Ms: number;
  p90Ms: number;
  p95Ms: number;
  p99Ms: number;
  maxMs: number;
};

export function latencyOf(values: number[]): Latency {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    count: sorted.length,
    p50Ms: round(percentile(sorted, 0.5)),
    p90Ms: round(percentile(sorted, 0.9)),
    p95Ms: round(percentile(sorted, 0.95)),
    p99Ms: round(percentile(sorted, 0.99)),
    maxMs: round(sorted[sorted.length - 1] ?? Number.NaN),
  };
}

export function summarisePhase(phase: Phase) {
  const count = (test: (label: string) => boolean) =>
    [...phase.statuses].filter(([label]) => test(label)).reduce((sum, [, n]) => sum + n, 0);
  const created = count((label) => label === "order 201");
  const paid = count((label) => label === "verify 200");
  const declinedAtProvider = count((label) => label.startsWith("provider 402"));
  const outOfStock = count((label) => label.startsWith("order 409 OUT_OF_STOCK"));
  const replays = count((label) => label.includes("replay"));
  const failures = count((label) => label.endsWith("network error") || / 5\d\d/.test(label));
  const providerOk = count((label) => label === "provider 200");
  return {
    seconds: round(phase.wallSeconds, 2),
    ordersPerSec: round(phase.completedOrders / phase.wallSeconds),
    newOrdersPerSec: round(phase.newOrders / phase.wallSeconds),
    storeRequestsPerSec: round(
      STORE_CALLS.reduce((sum, kind) => sum + phase.requests[kind], 0) / phase.wallSeconds,
    ),
    requests: phase.requests,
    completedOrders: phase.completedOrders,
    newOrders: phase.newOrders,
    latency: Object.fromEntries(
      CALL_KINDS.map((kind) => [kind, latencyOf(phase.latencies[kind])]),
    ) as Record<CallKind, Latency>,
    statuses: Object.fromEntries([...phase.statuses].sort((a, b) => b[1] - a[1])),
    counts: {
      created,
      paid,
      declinedAtProvider,
      outOfStock,
      replays,
      failures,
      other:
        totalRequests(phase) -
        created -
        paid -
        providerOk -
        declinedAtProvider -
        outOfStock -
        replays -
        failures,
    },
  };
}

export type Target = { name: string; target: string; value: number; pass: boolean };

/** Orders per second on this database, and each store call's p99. */
export function targetsOf(
  kind: keyof typeof TARGETS,
  measured: Pick<ReturnType<typeof summarisePhase>, "ordersPerSec" | "latency">,
): Target[] {
  return [
    {
      name: "throughput",
      target: `>= ${TARGETS[kind]} orders/s (placed or paid)`,
      value: measured.ordersPerSec,
      pass: measured.ordersPerSec >= TARGETS[kind],
    },
    ...STORE_CALLS.map((call) => ({
      name: `latency ${call}`,
      target: `${call} p99 < ${TARGET_P99_MS} ms`,
      value: measured.latency[call].p99Ms,
      pass: measured.latency[call].p99Ms < TARGET_P99_MS,
    })),
  ];
}
