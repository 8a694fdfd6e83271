// One database's run: prepare it, start the store on it, capture one cash order's statements,
// warm up, measure the stretches (the asked mix, cash only, online only) with their CPU, profile
// when asked (or when a target is missed), stop the store, check the database against what the
// buyers were told, then run the database's own ceiling on the captured statements (pgbench on
// PostgreSQL, an in-process replay on PGlite) against the same database.
import { readFile, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { captureCashOrders } from "../pgbench/capture.ts";
import { type Replay, replayOnPglite, runPgbench } from "../pgbench/replay.ts";
import { pgbenchScript, SCRIPT_PATH, shapeOfScript } from "../pgbench/script.ts";
import { type Templates, templatesOf } from "../pgbench/template.ts";
import { type ChildServer, ROOT, startChild } from "../support/child.ts";
import { countOnto } from "../support/shelves.ts";
import { BackendCpu, backendPids } from "./backend-cpu.ts";
import type { BaselineRun } from "./drivers/baseline-store.ts";
import { Buyers } from "./drivers/http-shoppers.ts";
import { providerSide } from "./drivers/provider-side.ts";
import { type Latency, round, summarisePhase, type Target, targetsOf } from "./figures.ts";
import { type Check, checkInvariants } from "./invariants.ts";
import { PLENTIFUL_STOCK, SCARCE_STOCK } from "./load-model.ts";
import { busiestThread, loadAverage } from "./machine-figures.ts";
import { type CallKind, totalRequests } from "./phase.ts";
import { type Profile, profileServer } from "./profile.ts";
import { log } from "./progress-log.ts";
import type { Kind, Settings } from "./settings.ts";
import { prepare, stockUp } from "./store-database.ts";
import { describeStretch, measureStretch, type Stretch } from "./stretch.ts";

export const HOSTED_LABEL = "hosted checkout";
/** Every product's stock before the database's own run: more than any replay can sell. */
const REPLAY_STOCK = 1_000_000_000;
/** A store starting on a machine shared with other work can take a while. */
export const SERVER_START_MS = 180_000;

/** The statements one cash order sent, captured in this run, and the script made of them. */
export type Capture = {
  shape: string | null;
  orders: number;
  of: number;
  /** Carts captured, two orders each: the replay takes one at random for each order. */
  carts: number;
  statements: string[];
  /** PostgreSQL: whether bench/pgbench/cash-order.sql was written for these statements. */
  script?: { file: string; committedShape: string | null; matched: boolean };
  error?: string;
};

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
    /** The store database's PostgreSQL backends, % of one core. */
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
  /** The measured stretch (the asked mix), then cash only when that was not it, then online only. */
  stretches: Stretch[];
  capture: Capture;
  /** The database's own rate on the captured statements (pgbench, or the PGlite replay). */
  replay: Replay | { error: string } | null;
  warmup: { seconds: number; requests: number; completedOrders: number };
  targets: Target[];
  invariants: Check[];
  facts: Record<string, number>;
  profile?: Profile;
  /** The baseline's runs on this database: before this tree's run and (A-B-A) after it. */
  baselines: BaselineRun[];
};

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The bench database's name in a PostgreSQL URL. */
export const databaseNameOf = (url: string) => new URL(url).pathname.slice(1);

/** PostgreSQL: the script file rewritten from this run's statements, checked against the old. */
async function writeScript(template: Templates): Promise<NonNullable<Capture["script"]>> {
  const file = path.join(ROOT, SCRIPT_PATH);
  const committed = await readFile(file, "utf8").catch(() => "");
  const committedShape = shapeOfScript(committed) ?? null;
  await writeFile(file, pgbenchScript(template, "the statements the store sent in bench:checkout"));
  return { file: SCRIPT_PATH, committedShape, matched: committedShape === template.shape };
}

export async function runDatabase(kind: Kind, settings: Settings): Promise<DatabaseResult> {
  const { buyers, duration, warmup, mix } = settings;
  const loadAverageBefore = loadAverage();
  console.log(`\n== ${kind}: ${HOSTED_LABEL} == load average ${loadAverageBefore.join(" / ")}`);
  const prepared = await prepare(kind, settings.testDatabaseUrl);
  const provider = await providerSide(settings.provider);
  const databaseUrl = prepared.env.DATABASE_URL;
  const backends = databaseUrl ? new BackendCpu(databaseNameOf(databaseUrl)).start() : undefined;
  let server: ChildServer | undefined;
  let buyersRun: Buyers | undefined;
  try {
    const catalogue = await stockUp(prepared);
    log(
      `${prepared.label}: ${catalogue.initialStock.size} products at ${PLENTIFUL_STOCK} of their smallest purchase, ${catalogue.scarce} at ${SCARCE_STOCK}`,
    );
    server = await startChild("bench/support/serve-app.ts", {
      timeoutMs: SERVER_START_MS,
      args: [
        JSON.stringify({
          env: { ...prepared.env, ...provider.env, TRUST_PROXY: "1" },
          trace: true,
          capture: true,
        }),
      ],
    });
    log(`server up at ${server.origin}`);
    buyersRun = new Buyers(server, catalogue, buyers, provider);

    let template: Templates | undefined;
    let capture: Capture;
    try {
      const captured = await captureCashOrders(server, buyersRun, catalogue);
      template = templatesOf(captured);
      capture = {
        shape: template.shape,
        orders: template.orders,
        of: template.of,
        carts: template.carts.length,
        statements: template.carts[0]!.statements.map((statement) =>
          statement.text.replace(/\s+/g, " ").trim(),
        ),
      };
      log(
        `captured one cash order: ${capture.statements.length} statements (${template.orders} of ${template.of} orders alike, ${template.carts.length} carts), shape ${template.shape.slice(0, 12)}`,
      );
    } catch (error) {
      capture = {
        shape: null,
        orders: 0,
        of: 0,
        carts: 0,
        statements: [],
        error: errorText(error),
      };
      console.log(`  the cash order's statements could not be captured: ${capture.error}`);
    }

    const warm = await buyersRun.run("warm-up", warmup, buyers, mix);
    log(
      `warm-up: ${totalRequests(warm)} requests, ${warm.completedOrders} orders placed or paid in ${warmup} s`,
    );

    const main = await measureStretch(server, buyersRun, backends, "measured", {
      seconds: duration,
      concurrency: buyers,
      mix,
    });
    log(describeStretch(main.stretch));
    const stretches = [main.stretch];
    for (const other of mix === "cash" ? (["online"] as const) : (["cash", "online"] as const)) {
      const more = await measureStretch(server, buyersRun, backends, other, {
        seconds: duration,
        concurrency: buyers,
        mix: other,
      });
      log(describeStretch(more.stretch));
      stretches.push(more.stretch);
    }

    const { phase } = main;
    const figures = summarisePhase(phase);
    const cpu = main.stretch.cpu;
    const perCore = (seconds: number | null | undefined) =>
      seconds === null || seconds === undefined ? null : round((seconds / phase.wallSeconds) * 100);
    const busiest = busiestThread(main.threadsBefore, main.threadsAfter, server.child.pid);
    const busiestThreadMsPerOrder =
      busiest && phase.completedOrders > 0
        ? round((busiest.seconds * 1000) / phase.completedOrders, 2)
        : null;
    const measured: DatabaseResult["measured"] = {
      ...figures,
      serverCpuPct: perCore(cpu.storeSeconds),
      postgresCpuPct: perCore(cpu.backendSeconds),
      serverCpuMsPerOrder: cpu.storeMsPerOrder,
      postgresCpuMsPerOrder: cpu.backendMsPerOrder,
      busiestThread:
        busiest && busiestThreadMsPerOrder !== null
          ? {
              main: busiest.main,
              cpuPct: perCore(busiest.seconds)!,
              cpuMsPerOrder: busiestThreadMsPerOrder,
            }
          : null,
      cpuBoundOrdersPerSec:
        cpu.totalMsPerOrder === null || busiestThreadMsPerOrder === null
          ? null
          : round(
              Math.min(
                1000 / busiestThreadMsPerOrder,
                (os.cpus().length * 1000) / cpu.totalMsPerOrder,
              ),
            ),
      loadGeneratorCpuPct: main.stretch.loadGeneratorCpuPct,
      machineBusyPct: main.stretch.machineBusyPct,
      failures: phase.failures,
    };
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

    // The connections the store holds to its database after the load: its pool, and its LISTEN.
    const storeConnections = databaseUrl ? backendPids(databaseNameOf(databaseUrl)).length : 0;
    await server.stop(30_000);
    server = undefined;
    buyersRun.close();
    backends?.stop();

    log("server stopped; checking the database");
    const { checks, facts } = await checkInvariants(prepared, catalogue, buyersRun.ledger);
    for (const check of checks)
      console.log(`  ${check.pass ? "ok  " : "FAIL"}  ${check.name}: ${check.detail}`);

    let replay: DatabaseResult["replay"] = null;
    if (template) {
      const database = await prepared.open();
      try {
        // The store's run sold much of some products' stock (a weighed one holds a few hundred
        // orders' worth): a replayed order answered "out of stock" would be cheaper than one
        // placed, so the shelves are filled first, through the ledger as the store does it.
        await countOnto(database.db, [...catalogue.products.values()], () => REPLAY_STOCK);
        if (databaseUrl) {
          capture.script = await writeScript(template);
          if (!capture.script.matched)
            console.log(
              `  MISMATCH: ${SCRIPT_PATH} was made for other statements (shape ${capture.script.committedShape?.slice(0, 12) ?? "none"}) than the store sends now (${template.shape.slice(0, 12)}): rewritten from this run; commit it`,
            );
          replay = await runPgbench(database, {
            url: databaseUrl,
            databaseName: databaseNameOf(databaseUrl),
            scriptFile: path.join(ROOT, SCRIPT_PATH),
            // As many clients as the store had connections: the same concurrency at the
            // database. As many as buyers would have pgbench's clients queue on each other's
            // row locks, which the store's buyers, waiting for its pool, never do.
            clients: settings.pgbenchClients ?? Math.max(storeConnections, 1),
            seconds: duration,
          });
        } else {
          log(`replaying the captured statements on PGlite in-process, ${buyers} loops...`);
          replay = await replayOnPglite(database, template, { clients: buyers, seconds: duration });
        }
        log(
          `${replay.tool}: ${replay.perSecond} transactions/s (${replay.transactions} in ${replay.seconds} s, ${replay.failed} failed, ${replay.ordersWritten} orders written)${replay.errors.length ? `; errors: ${replay.errors.join(" | ").slice(0, 600)}` : ""}`,
        );
      } catch (error) {
        replay = { error: errorText(error) };
        console.log(`  the database's own run could not be made: ${replay.error}`);
      } finally {
        await database.close();
      }
    }
    return {
      kind,
      baselines: [],
      label: prepared.label,
      loadAverageBefore,
      loadAverageAfter: loadAverage(),
      measured,
      stretches,
      capture,
      replay,
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
    backends?.stop();
    buyersRun?.close();
    await server?.stop(30_000);
    await provider.close();
    await prepared.cleanup();
  }
}
