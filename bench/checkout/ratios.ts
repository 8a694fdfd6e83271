// The four ratios bench:checkout answers for, per database, each from figures measured in the
// same run (so they hold on any machine, however busy), with the inputs it was made of.
import type { DatabaseResult } from "./database-run.ts";
import { round } from "./figures.ts";
import type { Stretch } from "./stretch.ts";

export type Ratio = {
  name: string;
  value: number | null;
  target: string;
  pass: boolean | null;
  inputs: string;
};

const TARGETS = {
  cpuVsBaseline: 0.6,
  vsPgbench: 0.85,
  onlineVsCash: 1.6,
  tail: 2.5,
};

const ratio = (a: number | null | undefined, b: number | null | undefined) =>
  a === null || a === undefined || !b ? null : round(a / b, 2);

const cpuText = (stretch: Stretch, per: string) => {
  const c = stretch.cpu;
  return `${c.totalMsPerOrder ?? "?"} ms per ${per} (store ${c.storeMsPerOrder ?? "?"}${c.backendMsPerOrder === null ? "" : ` + PostgreSQL backends ${c.backendMsPerOrder}`} ms; ${stretch.orders} orders in ${stretch.seconds} s)`;
};

export function ratiosOf(result: DatabaseResult): Ratio[] {
  const [main] = result.stretches;
  const cash = result.stretches.find((stretch) => stretch.mix === "cash");
  const online = result.stretches.find((stretch) => stretch.mix === "online");
  const bases = result.baselines.filter((run) => run.cash?.cpu.totalMsPerOrder);
  const baseCpu =
    bases.length === 0
      ? null
      : round(
          bases.reduce((sum, run) => sum + run.cash!.cpu.totalMsPerOrder!, 0) / bases.length,
          2,
        );
  const replay = result.replay && "perSecond" in result.replay ? result.replay : undefined;
  const replayError = result.replay && "error" in result.replay ? result.replay.error : undefined;
  const pass = (value: number | null, test: (value: number) => boolean) =>
    value === null ? null : test(value);

  const cpuVsBaseline = ratio(cash?.cpu.totalMsPerOrder, baseCpu);
  const vsPgbench = ratio(cash?.cashOrdersPerSec, replay?.perSecond);
  const onlineVsCash = ratio(online?.cpu.totalMsPerOrder, cash?.cpu.totalMsPerOrder);
  const tail = main ? ratio(main.order.p99Ms, main.order.p50Ms) : null;
  return [
    {
      name: "cpu per cash order vs baseline",
      value: cpuVsBaseline,
      target: `≤ ${TARGETS.cpuVsBaseline}`,
      pass: pass(cpuVsBaseline, (v) => v <= TARGETS.cpuVsBaseline),
      inputs: `this tree ${cash ? cpuText(cash, "cash order") : "?"}; baseline ${
        result.baselines.length === 0
          ? "not run"
          : result.baselines
              .map((run) =>
                run.cash
                  ? `${run.when} ${cpuText(run.cash, "cash order")}`
                  : `${run.when} not measured (${run.error})`,
              )
              .join(", ")
      }${bases.length > 1 ? `; mean ${baseCpu} ms` : ""}`,
    },
    {
      name: "cash orders/s vs pgbench on the same statements",
      value: vsPgbench,
      target: `≥ ${TARGETS.vsPgbench}`,
      pass: pass(vsPgbench, (v) => v >= TARGETS.vsPgbench),
      inputs: `store ${cash?.cashOrdersPerSec ?? "?"} cash orders/s (${cash?.buyers ?? "?"} buyers); ${
        replay
          ? `${replay.tool}: ${replay.perSecond} transactions/s (${replay.transactions} transactions, ${replay.failed} failed, ${replay.ordersWritten} orders written${replay.backendCpuMsPerTransaction === null ? "" : `, ${replay.backendCpuMsPerTransaction} ms of backend CPU each`})`
          : `no replay (${replayError ?? result.capture.error ?? "not run"})`
      }`,
    },
    {
      name: "cpu per online order vs cash order",
      value: onlineVsCash,
      target: `≤ ${TARGETS.onlineVsCash}`,
      pass: pass(onlineVsCash, (v) => v <= TARGETS.onlineVsCash),
      inputs: `online ${online ? cpuText(online, "online order placed, paid at the provider, reported and its webhook taken") : "?"}; cash ${cash ? cpuText(cash, "cash order") : "?"}`,
    },
    {
      name: `p99 / p50 at ${main?.buyers ?? "?"} buyers`,
      value: tail,
      target: `≤ ${TARGETS.tail}`,
      pass: pass(tail, (v) => v <= TARGETS.tail),
      inputs: main
        ? `order calls of the ${main.mix === "cash" ? "cash" : "default-mix"} stretch: p50 ${main.order.p50Ms} ms, p99 ${main.order.p99Ms} ms (${main.order.count} calls)`
        : "?",
    },
  ];
}

/** `name: R`, as the issue asks for them. */
export const ratioLine = (r: Ratio) => `${r.name}: ${r.value ?? "?"}`;
