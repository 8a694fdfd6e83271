// One measured stretch of load and what it cost: the buyers' orders and answers, and the CPU of
// the store process (all its threads: on PGlite the database's thread is one of them) and, on
// PostgreSQL, of the backends serving the store's database (bench/checkout/backend-cpu.ts), read
// at the stretch's start and end. CPU per order divides all of it by the orders the stretch
// completed (cash placed, online placed and paid): what the store did for them in between (the
// mail worker, the provider's webhooks, the sweeps) is theirs too.
import type { ChildServer } from "../support/child.ts";
import { cpuSeconds, threadCpuSeconds } from "../support/child.ts";
import type { BackendCpu } from "./backend-cpu.ts";
import type { Buyers } from "./drivers/http-shoppers.ts";
import { type Latency, latencyOf, round } from "./figures.ts";
import type { Mix } from "./load-model.ts";
import { machineTicks } from "./machine-figures.ts";
import type { Phase } from "./phase.ts";

export type StretchCpu = {
  storeSeconds: number | null;
  /** PostgreSQL only: the store database's backends. */
  backendSeconds: number | null;
  storeMsPerOrder: number | null;
  backendMsPerOrder: number | null;
  /** Store + backends per order completed in the stretch. */
  totalMsPerOrder: number | null;
  backendsSeen: number | null;
};

export type Stretch = {
  name: string;
  mix: Mix;
  seconds: number;
  buyers: number;
  orders: number;
  cashOrders: number;
  onlineOrders: number;
  ordersPerSec: number;
  cashOrdersPerSec: number;
  onlineOrdersPerSec: number;
  order: Latency;
  verify: Latency;
  provider: Latency;
  statuses: Record<string, number>;
  failures: string[];
  cpu: StretchCpu;
  machineBusyPct: number | null;
  loadGeneratorCpuPct: number;
};

export type Measured = {
  phase: Phase;
  stretch: Stretch;
  threadsBefore: Map<number, number>;
  threadsAfter: Map<number, number>;
};

export async function measureStretch(
  server: ChildServer,
  buyers: Buyers,
  backends: BackendCpu | undefined,
  name: string,
  { seconds, concurrency, mix }: { seconds: number; concurrency: number; mix: Mix },
): Promise<Measured> {
  const pid = server.child.pid;
  const storeBefore = cpuSeconds(pid);
  const threadsBefore = threadCpuSeconds(pid);
  const backendBefore = backends?.seconds();
  const machineBefore = machineTicks();
  const selfBefore = process.cpuUsage();
  const phase = await buyers.run(name, seconds, concurrency, mix);
  const self = process.cpuUsage(selfBefore);
  const machineAfter = machineTicks();
  const backendAfter = backends?.seconds();
  const storeAfter = cpuSeconds(pid);
  const threadsAfter = threadCpuSeconds(pid);

  const store =
    storeBefore === undefined || storeAfter === undefined ? null : storeAfter - storeBefore;
  const backend =
    backendBefore === undefined || backendAfter === undefined ? null : backendAfter - backendBefore;
  const orders = phase.completedOrders;
  const perOrder = (value: number | null) =>
    value === null || orders === 0 ? null : round((value * 1000) / orders, 2);
  const total = store === null ? null : store + (backend ?? 0);
  const per = (n: number) => round(n / phase.wallSeconds);
  const stretch: Stretch = {
    name,
    mix,
    seconds: round(phase.wallSeconds, 2),
    buyers: concurrency,
    orders,
    cashOrders: phase.cashOrders,
    onlineOrders: phase.onlineOrders,
    ordersPerSec: per(orders),
    cashOrdersPerSec: per(phase.cashOrders),
    onlineOrdersPerSec: per(phase.onlineOrders),
    order: latencyOf(phase.latencies.order),
    verify: latencyOf(phase.latencies.verify),
    provider: latencyOf(phase.latencies.provider),
    statuses: Object.fromEntries([...phase.statuses].sort((a, b) => b[1] - a[1])),
    failures: phase.failures,
    cpu: {
      storeSeconds: store === null ? null : round(store, 2),
      backendSeconds: backend === null ? null : round(backend, 2),
      storeMsPerOrder: perOrder(store),
      backendMsPerOrder: perOrder(backend),
      totalMsPerOrder: perOrder(total),
      backendsSeen: backends ? backends.seen : null,
    },
    machineBusyPct:
      machineBefore && machineAfter
        ? round(
            ((machineAfter.busy - machineBefore.busy) /
              (machineAfter.total - machineBefore.total)) *
              100,
          )
        : null,
    loadGeneratorCpuPct: round(((self.user + self.system) / 1e6 / phase.wallSeconds) * 100),
  };
  return { phase, stretch, threadsBefore, threadsAfter };
}

/** One line for the progress log. */
export function describeStretch(stretch: Stretch): string {
  const c = stretch.cpu;
  return `${stretch.name} (${stretch.mix}): ${stretch.ordersPerSec} orders/s (${stretch.cashOrdersPerSec} cash, ${stretch.onlineOrdersPerSec} online), order p50 ${stretch.order.p50Ms} p99 ${stretch.order.p99Ms} ms; CPU per order: store ${c.storeMsPerOrder ?? "?"} ms${c.backendMsPerOrder === null ? "" : ` + PostgreSQL backends ${c.backendMsPerOrder} ms`} = ${c.totalMsPerOrder ?? "?"} ms; machine busy ${stretch.machineBusyPct ?? "?"}%`;
}
