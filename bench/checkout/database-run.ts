// One database's run: prepare it, start the store on it, warm up, measure the buyers' load with
// the machine's figures around it, profile when asked (or when a target is missed), stop the
// store, and check the database against what the buyers were told.
import os from "node:os";
import { type ChildServer, cpuSeconds, startChild, threadCpuSeconds } from "../support/child.ts";
import type { BaselineRun } from "./drivers/baseline-bench.ts";
import { Buyers } from "./drivers/http-shoppers.ts";
import { type Latency, round, summarisePhase, type Target, targetsOf } from "./figures.ts";
import { type Check, checkInvariants } from "./invariants.ts";
import { PLENTIFUL_STOCK, SCARCE_STOCK } from "./load-model.ts";
import { busiestThread, loadAverage, machineTicks, postgresCpuSeconds } from "./machine-figures.ts";
import { type CallKind, totalRequests } from "./phase.ts";
import { type Profile, profileServer } from "./profile.ts";
import { log } from "./progress-log.ts";
import type { Kind, Settings } from "./settings.ts";
import { prepare, stockUp } from "./store-database.ts";

export const HOSTED_LABEL = "hosted checkout";

export type DatabaseResult = {
  kind: Kind;
  label: string;
  loadAverageBefore: number[];
  loadAverageAfter: number[];
  measured: {
    seconds: number;
    /** Orders that ended placed: cash 201s and online orders whose report answered 200. */
    ordersPerSec: number;
    /** 201s per second, online orders awaiting payment included. */
    newOrdersPerSec: number;
    /** Calls to the store (order + verify, replays included) per second. */
    storeRequestsPerSec: number;
    requests: Record<CallKind, number>;
    completedOrders: number;
    newOrders: number;
    latency: Record<CallKind, Latency>;
    statuses: Record<string, number>;
    counts: {
      created: number;
      paid: number;
      declinedAtProvider: number;
      outOfStock: number;
      replays: number;
      other: number;
      failures: number;
    };
    serverCpuPct: number | null;
    postgresCpuPct: number | null;
    loadGeneratorCpuPct: number;
    machineBusyPct: number | null;
    /** CPU per completed order (all the run's work: provider, webhooks, mail worker included). */
    serverCpuMsPerOrder: number | null;
    postgresCpuMsPerOrder: number | null;
    /**
     * The server's busiest thread over the measured stretch (on PGlite, the database's thread;
     * `main` when it is the thread that runs the HTTP server): a thread can use one core at most.
     */
    busiestThread: { main: boolean; cpuPct: number; cpuMsPerOrder: number } | null;
    /**
     * What the CPU per order allows on this machine with nobody else on it: the busiest thread
     * at one core, and everything (server and PostgreSQL) within the machine's cores.
     */
    cpuBoundOrdersPerSec: number | null;
    failures: string[];
  };
  warmup: { seconds: number; requests: number; completedOrders: number };
  targets: Target[];
  invariants: Check[];
  facts: Record<string, number>;
  profile?: Profile;
  /** The baseline's runs on this database: before the hosted run and (A-B-A) after it. */
  baselines: BaselineRun[];
};

export async function runDatabase(kind: Kind, settings: Settings): Promise<DatabaseResult> {
  const { buyers, duration, warmup } = settings;
  const loadAverageBefore = loadAverage();
  console.log(`\n== ${kind}: ${HOSTED_LABEL} == load average ${loadAverageBefore.join(" / ")}`);
  const prepared = await prepare(kind, settings.testDatabaseUrl);
  let server: ChildServer | undefined;
  let buyersRun: Buyers | undefined;
  try {
    const catalogue = await stockUp(prepared);
    log(
      `${prepared.label}: ${catalogue.initialStock.size} products at ${PLENTIFUL_STOCK}, ${catalogue.scarce} at ${SCARCE_STOCK}`,
    );
    server = await startChild("bench/support/serve-app.ts", {
      args: [JSON.stringify({ env: { ...prepared.env, TRUST_PROXY: "1" }, trace: true })],
    });
    log(`server up at ${server.origin}`);
    buyersRun = new Buyers(server, catalogue, buyers);

    const warm = await buyersRun.run("warm-up", warmup, buyers);
    log(
      `warm-up: ${totalRequests(warm)} requests, ${warm.completedOrders} orders placed or paid in ${warmup} s`,
    );

    const serverBefore = cpuSeconds(server.child.pid);
    const threadsBefore = threadCpuSeconds(server.child.pid);
    const postgresBefore = kind === "postgres" ? postgresCpuSeconds() : undefined;
    const machineBefore = machineTicks();
    const selfBefore = process.cpuUsage();
    const phase = await buyersRun.run("measured", duration, buyers);
    const self = process.cpuUsage(selfBefore);
    const machineAfter = machineTicks();
    const postgresAfter = kind === "postgres" ? postgresCpuSeconds() : undefined;
    const serverAfter = cpuSeconds(server.child.pid);
    const threadsAfter = threadCpuSeconds(server.child.pid);
    const perCore = (seconds: number | undefined) =>
      seconds === undefined ? null : round((seconds / phase.wallSeconds) * 100);
    const figures = summarisePhase(phase);
    const serverCpu =
      serverBefore === undefined || serverAfter === undefined
        ? undefined
        : serverAfter - serverBefore;
    const postgresCpu =
      postgresBefore === undefined || postgresAfter === undefined
        ? undefined
        : postgresAfter - postgresBefore;
    const perOrder = (seconds: number | undefined) =>
      seconds === undefined || phase.completedOrders === 0
        ? null
        : round((seconds * 1000) / phase.completedOrders, 2);
    const serverCpuMsPerOrder = perOrder(serverCpu);
    const postgresCpuMsPerOrder = kind === "postgres" ? perOrder(postgresCpu) : null;
    const busiest = busiestThread(threadsBefore, threadsAfter, server.child.pid);
    const busiestThreadMsPerOrder = perOrder(busiest?.seconds);
    const cpuBoundOrdersPerSec =
      serverCpuMsPerOrder === null || busiestThreadMsPerOrder === null
        ? null
        : round(
            Math.min(
              1000 / busiestThreadMsPerOrder,
              (os.cpus().length * 1000) / (serverCpuMsPerOrder + (postgresCpuMsPerOrder ?? 0)),
            ),
          );
    const measured: DatabaseResult["measured"] = {
      ...figures,
      serverCpuPct: perCore(serverCpu),
      postgresCpuPct: perCore(postgresCpu),
      serverCpuMsPerOrder,
      postgresCpuMsPerOrder,
      busiestThread: busiest
        ? {
            main: busiest.main,
            cpuPct: perCore(busiest.seconds)!,
            cpuMsPerOrder: busiestThreadMsPerOrder!,
          }
        : null,
      cpuBoundOrdersPerSec,
      loadGeneratorCpuPct: round(((self.user + self.system) / 1e6 / phase.wallSeconds) * 100),
      machineBusyPct:
        machineBefore && machineAfter
          ? round(
              ((machineAfter.busy - machineBefore.busy) /
                (machineAfter.total - machineBefore.total)) *
                100,
            )
          : null,
      failures: phase.failures,
    };
    const l = measured.latency;
    log(
      `measured: ${measured.ordersPerSec} orders/s placed or paid (${measured.newOrdersPerSec} new orders/s, ${measured.storeRequestsPerSec} store calls/s); order p50 ${l.order.p50Ms} p95 ${l.order.p95Ms} p99 ${l.order.p99Ms} ms; verify p50 ${l.verify.p50Ms} p95 ${l.verify.p95Ms} p99 ${l.verify.p99Ms} ms; provider p50 ${l.provider.p50Ms} p99 ${l.provider.p99Ms} ms; server CPU ${measured.serverCpuPct}%${kind === "postgres" ? `, postgres CPU ${measured.postgresCpuPct}%` : ""}, load generator CPU ${measured.loadGeneratorCpuPct}%, machine busy ${measured.machineBusyPct}%`,
    );
    console.log(
      `  CPU per order: server ${serverCpuMsPerOrder} ms${kind === "postgres" ? `, postgres ${postgresCpuMsPerOrder} ms` : ""}; busiest thread ${busiest ? `${busiest.main ? "main" : "other"} ${perCore(busiest.seconds)}%` : "?"}; CPU-bound estimate on this machine if idle: ${cpuBoundOrdersPerSec} orders/s`,
    );
    console.log(
      `  statuses: ${Object.entries(measured.statuses)
        .map(([label, n]) => `${label} ${n}`)
        .join(", ")}`,
    );
    for (const failure of measured.failures.slice(0, 5)) console.log(`  failure: ${failure}`);

    const targets = targetsOf(kind, measured);

    let profile: Profile | undefined;
    const wantProfile =
      !settings.noProfile && (settings.profile || targets.some((target) => !target.pass));
    if (wantProfile) profile = await profileServer(kind, server, buyersRun, settings);

    await server.stop(30_000);
    server = undefined;
    buyersRun.close();

    log("server stopped; checking the database");
    const { checks, facts } = await checkInvariants(prepared, catalogue, buyersRun.ledger);
    for (const check of checks)
      console.log(`  ${check.pass ? "ok  " : "FAIL"}  ${check.name}: ${check.detail}`);
    return {
      kind,
      baselines: [],
      label: prepared.label,
      loadAverageBefore,
      loadAverageAfter: loadAverage(),
      measured,
      warmup: {
        seconds: warmup,
        requests: totalRequests(warm),
        completedOrders: warm.completedOrders,
      },
      targets,
      invariants: checks,
      facts,
      profile,
    };
  } finally {
    buyersRun?.close();
    await server?.stop(30_000);
    await prepared.cleanup();
  }
}
