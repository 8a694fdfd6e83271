// Where a checkout's time goes, asked of the server under load once the measured run is over: a
// CPU profile of its threads, then step traces (bench/support/step-trace.ts) under the full
// load and with one buyer, for placing an order and for reporting its payment.
import { mkdir, rename } from "node:fs/promises";
import path from "node:path";
import {
  type CallSummary,
  type StepSummary,
  summariseCalls,
  summariseSteps,
  unattributedTable,
} from "../support/checkout-steps.ts";
import { ARTIFACTS, type ChildServer, textTable } from "../support/child.ts";
import { formatSummary, summariseFile } from "../support/cpu-profile.ts";
import type { RequestTrace, Unattributed } from "../support/step-trace.ts";
import type { Buyers } from "./drivers/http-shoppers.ts";
import {
  outsideHeader,
  outsideRows,
  statementHeader,
  statementRows,
  stepTableText,
  verifyFigureRows,
  verifyFiguresHeader,
  verifyHeader,
  verifyRows,
} from "./profile-tables.ts";
import { log } from "./progress-log.ts";
import type { Kind, Settings } from "./settings.ts";

export type Profile = {
  cpu: string;
  cpuProfileFile: string;
  /** The worker threads' profiles (on PGlite, the database's thread). */
  threads: { cpu: string; cpuProfileFile: string }[];
  /** POST /api/orders. */
  underLoad: StepSummary;
  oneBuyer: StepSummary;
  /** POST /api/orders/{n}/payment. */
  verify: { underLoad: CallSummary; oneBuyer: CallSummary };
  /**
   * Statements outside any traced call, per completed order: the test provider's webhooks (the
   * store delivers them to itself), the mail worker, the sweeps.
   */
  outside: {
    underLoad: ReturnType<typeof unattributedTable>;
    oneBuyer: ReturnType<typeof unattributedTable>;
  };
};

type Traced = { traces: RequestTrace[]; unattributed: Unattributed; seconds: number };

const isOrderCall = (trace: RequestTrace) => trace.path === "/api/orders";
const isVerifyCall = (trace: RequestTrace) => /^\/api\/orders\/[^/]+\/payment$/.test(trace.path);

/** Where a checkout's time goes: a CPU profile under load, then step traces. */
export async function profileServer(
  kind: Kind,
  server: ChildServer,
  run: Buyers,
  { buyers, profileSeconds, mix }: Settings,
): Promise<Profile> {
  log(`profiling: CPU profile under load (${profileSeconds} s)...`);
  await server.ask("profile:start", "profile:started");
  await run.run("cpu profile", profileSeconds, buyers, mix);
  const { file, threadFiles } = (await server.ask("profile:stop", "profile:stopped")) as {
    file: string;
    threadFiles: string[];
  };
  await mkdir(ARTIFACTS, { recursive: true });
  const keep = async (made: string) => {
    const kept = path.join(ARTIFACTS, `checkout-${kind}-${path.basename(made)}`);
    await rename(made, kept);
    const summary = summariseFile(kept, 20);
    return {
      cpu: formatSummary(summary),
      cpuProfileFile: kept,
      busyShare: summary.busyMs / summary.totalMs,
    };
  };
  const { cpu, cpuProfileFile: kept } = await keep(file);
  // Threads that did next to nothing (a module loader's, say) are left out of the report.
  const threads = [];
  for (const threadFile of threadFiles) {
    const thread = await keep(threadFile);
    if (thread.busyShare >= 0.05)
      threads.push({ cpu: thread.cpu, cpuProfileFile: thread.cpuProfileFile });
  }

  log(`profiling: step trace under load (${profileSeconds} s)...`);
  await server.ask("trace:start", "trace:started");
  const loadedPhase = await run.run("trace under load", profileSeconds, buyers, mix);
  const loaded = (await server.ask("trace:stop", "trace:stopped")) as unknown as Traced;

  const oneBuyerSeconds = Math.max(2, Math.round(profileSeconds / 2));
  log(`profiling: step trace, one buyer (${oneBuyerSeconds} s)...`);
  await server.ask("trace:start", "trace:started");
  const singlePhase = await run.run("trace one buyer", oneBuyerSeconds, 1, mix);
  const single = (await server.ask("trace:stop", "trace:stopped")) as unknown as Traced;

  const orderSteps = (traced: Traced) =>
    summariseSteps(traced.traces.filter(isOrderCall), traced.unattributed, traced.seconds);
  const profile: Profile = {
    cpu,
    cpuProfileFile: kept,
    threads,
    underLoad: orderSteps(loaded),
    oneBuyer: orderSteps(single),
    verify: {
      underLoad: summariseCalls(loaded.traces.filter(isVerifyCall)),
      oneBuyer: summariseCalls(single.traces.filter(isVerifyCall)),
    },
    outside: {
      underLoad: unattributedTable(loaded.unattributed, loadedPhase.completedOrders),
      oneBuyer: unattributedTable(single.unattributed, singlePhase.completedOrders),
    },
  };
  console.log(stepTableText(profile, buyers));
  console.log(
    `statements per placed order (POST /api/orders):\n${textTable(statementHeader(buyers), statementRows(profile))}`,
  );
  console.log(
    `payment report (POST /api/orders/{n}/payment), server side:\n${textTable(verifyFiguresHeader(buyers), verifyFigureRows(profile))}\n${textTable(verifyHeader(buyers), verifyRows(profile))}`,
  );
  console.log(
    `statements outside any traced call, per order placed or paid:\n${textTable(outsideHeader(buyers), outsideRows(profile))}`,
  );
  return profile;
}
