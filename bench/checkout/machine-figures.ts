// What the machine did during a run, beside the store's own figures: the whole machine's busy
// share, the local PostgreSQL server's CPU, the server's busiest thread, the load average. The
// machine is shared, so these say how much of it the store got.
import { readdirSync, readFileSync } from "node:fs";
import os from "node:os";
import { cpuSeconds } from "../support/child.ts";

export const loadAverage = () => os.loadavg().map((value) => Number(value.toFixed(2)));

/** Busy and total CPU ticks of the whole machine (all cores), from /proc/stat. */
export function machineTicks(): { busy: number; total: number } | undefined {
  try {
    const line = readFileSync("/proc/stat", "utf8").split("\n")[0]!;
    const values = line.trim().split(/\s+/).slice(1).map(Number);
    const idle = (values[3] ?? 0) + (values[4] ?? 0);
    const total = values.reduce((sum, value) => sum + value, 0);
    return { busy: total - idle, total };
  } catch {
    return undefined;
  }
}

/**
 * CPU seconds used so far by the local PostgreSQL server: every process named postgres, plus the
 * CPU of its ended children (a backend that closed, an autovacuum worker), which the postmaster
 * has collected. The pool may replace connections during a run; their CPU still counts.
 */
export function postgresCpuSeconds(): number | undefined {
  try {
    let total = 0;
    for (const entry of readdirSync("/proc")) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
        if (!stat.includes("(postgres)")) continue;
        total += cpuSeconds(Number(entry), undefined, { withEndedChildren: true }) ?? 0;
      } catch {
        // the process ended while we looked
      }
    }
    return total;
  } catch {
    return undefined;
  }
}

/** The thread that used the most CPU between two readings, and how much. */
export function busiestThread(
  before: Map<number, number>,
  after: Map<number, number>,
  pid: number | undefined,
): { main: boolean; seconds: number } | undefined {
  let busiest: { main: boolean; seconds: number } | undefined;
  for (const [tid, seconds] of after) {
    const used = seconds - (before.get(tid) ?? 0);
    if (!busiest || used > busiest.seconds) busiest = { main: tid === pid, seconds: used };
  }
  return busiest;
}
