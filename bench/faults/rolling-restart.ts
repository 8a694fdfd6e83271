// d. A rolling restart under load, as the README describes it: one instance at a time gets
// SIGTERM (it says it is not ready, keeps serving while HAProxy takes it out of rotation, drains,
// stops), is started again and waited for until HAProxy sees it up, then the next. Shoppers
// should not notice.
import { setTimeout as sleep } from "node:timers/promises";
import type { PostgresCluster } from "../../src/server/testing/postgres-clusters.ts";
import { brokenOutcome, failedCount, LoadSession, type ScenarioOutcome } from "./load-session.ts";
import { demoProvider } from "./payment-paths.ts";
import { type ProxiedStores, startProxiedStores } from "./proxied-stores.ts";
import { withProviderCheck } from "./proxy-race.ts";
import { clusterDatabase, stockUp } from "./store-database.ts";
import { noteUnaskedExit } from "./unasked-exits.ts";

export type RollingOptions = { buyers: number; settleMs: number };

/** The stretches in which HAProxy had no instance UP: then it answers 503 itself. */
function bothOut(changes: { atMs: number; name: string; state: string }[]): { ms: number }[] {
  const state = new Map<string, string>();
  const gaps: { ms: number }[] = [];
  let outSince: number | undefined;
  for (const change of changes) {
    state.set(change.name, change.state);
    const anyUp = [...state.values()].some((value) => value.startsWith("UP"));
    if (!anyUp && outSince === undefined) outSince = change.atMs;
    if (anyUp && outSince !== undefined) {
      gaps.push({ ms: change.atMs - outSince });
      outSince = undefined;
    }
  }
  return gaps;
}

export async function rollingRestart(
  cluster: PostgresCluster,
  options: RollingOptions,
): Promise<ScenarioOutcome> {
  const database = await clusterDatabase(cluster);
  let stores: ProxiedStores | undefined;
  let session: LoadSession | undefined;
  const notes: string[] = [];
  const head = {
    id: "rolling-restart",
    title: "A rolling restart of two instances behind HAProxy, under load",
    database: "postgres" as const,
    what: `Two store processes behind HAProxy (deploy/haproxy.cfg), SHUTDOWN_DELAY_SECONDS=3; ${options.buyers} shoppers (half paying online with Razorpay's stand-in), 2 catalogue readers and the sales manager through the proxy; each instance in turn gets SIGTERM, is started again, and HAProxy is waited for until it sees it up.`,
  };
  try {
    const stocked = await stockUp(database, 100_000);
    stores = await startProxiedStores(database);
    const { proxy, instances } = stores;
    session = new LoadSession(() => proxy.url, stores.payment, {
      buyers: options.buyers,
      products: stocked.products,
    });
    const states = stores.watchStates();
    session.start();
    await sleep(options.settleMs);
    for (const instance of instances) {
      for (const other of instances) await noteUnaskedExit(other, notes);
      const undo = session.tally.fault(`restart ${instance.name}`);
      const exit = await instance.stop("SIGTERM");
      if (exit.signal === "SIGKILL") throw new Error(`${instance.name} did not stop by itself`);
      await instance.start();
      await proxy.waitForServer(instance.name, "UP");
      undo();
      console.log(`  ${instance.name} restarted and back in rotation`);
      await sleep(options.settleMs);
    }
    await session.stop();
    for (const instance of instances) await noteUnaskedExit(instance, notes);
    const changes = states();
    const none = bothOut(changes);
    notes.push(
      `HAProxy's view of the instances, as it changed: ${changes.map((c) => `${c.name} ${c.state} at ${(c.atMs / 1000).toFixed(1)} s`).join(", ")}.`,
    );
    const counters = await stores.counters();
    notes.push(
      `HAProxy's counters (deploy/haproxy.cfg retries a refused or unanswered connection and a 503 on the other instance): ${[
        ...counters,
      ]
        .map(
          ([name, count]) =>
            `${name}: ${count.sent} connections, ${count.retried} retried, ${count.redispatched} redispatched`,
        )
        .join("; ")}.`,
    );
    await stores.close();
    stores = undefined;
    const invariants = await session.check(database, stocked);
    const outcome = session.outcome(head, invariants, [], notes);
    outcome.checks.push({
      name: "HAProxy had an instance in rotation throughout (its health checks: GET /api/health/ready every 1 s, 2 failures take one out)",
      pass: none.length === 0,
      detail: none.length
        ? `none for ${none.map((gap) => `${(gap.ms / 1000).toFixed(1)} s`).join(", ")}: HAProxy then answers 503 itself`
        : "always at least one",
    });
    outcome.checks.push({
      name: "no request failed during the rolling restart",
      pass: failedCount(outcome) === 0,
      detail: `${failedCount(outcome)} failed requests`,
    });
    return withProviderCheck(outcome, session.payment);
  } catch (error) {
    return brokenOutcome(head, session, stores?.payment ?? demoProvider(), error);
  } finally {
    await session?.stop().catch(() => undefined);
    await stores?.close();
    await database.cleanup();
  }
}
