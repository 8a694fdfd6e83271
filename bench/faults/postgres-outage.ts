// b. PostgreSQL goes away under load: first a restart (stop immediate, which cuts every
// connection without a checkpoint, then start), then a stop of 10 s. The store should answer
// 503 with Retry-After while it cannot reach the database and heal by itself once it can.
import { setTimeout as sleep } from "node:timers/promises";
import type { PostgresCluster } from "../../src/server/testing/postgres-clusters.ts";
import { storeInstance } from "../../src/server/testing/store-instances.ts";
import { countLabel } from "./kill-cycles.ts";
import { brokenOutcome, LoadSession, type ScenarioOutcome } from "./load-session.ts";
import { demoProvider } from "./payment-paths.ts";
import { clusterDatabase, stockUp } from "./store-database.ts";
import { noteUnaskedExit } from "./unasked-exits.ts";

export type OutageOptions = { buyers: number; stopSeconds: number; betweenMs: number };

export async function postgresOutage(
  cluster: PostgresCluster,
  options: OutageOptions,
): Promise<ScenarioOutcome> {
  const database = await clusterDatabase(cluster);
  const payment = demoProvider();
  const store = await storeInstance({
    name: "outage",
    databaseUrl: database.env.DATABASE_URL!,
    shutdownDelaySeconds: 0,
    env: { ...payment.env, LOG_LEVEL: "fatal" },
  });
  let session: LoadSession | undefined;
  const notes: string[] = [];
  const head = {
    id: "postgres-outage",
    title: "PostgreSQL restarted, then stopped for 10 s, under load",
    database: "postgres" as const,
    what: `${options.buyers} shoppers (half paying online through the demo's test provider), 2 catalogue readers and the sales manager at work against one store; PostgreSQL is restarted (pg_ctl stop -m immediate, then start), and ${options.betweenMs / 1000} s later stopped (immediate) for ${options.stopSeconds} s and started again.`,
  };
  try {
    const stocked = await stockUp(database, 100_000);
    session = new LoadSession(() => store.url, payment, {
      buyers: options.buyers,
      products: stocked.products,
    });
    await store.start();
    session.start();
    await sleep(options.betweenMs);

    let undo = session.tally.fault("PostgreSQL restart (stop immediate + start)");
    await cluster.stop("immediate");
    await cluster.start();
    undo();
    await sleep(options.betweenMs);

    await noteUnaskedExit(store, notes);
    undo = session.tally.fault(`PostgreSQL stopped ${options.stopSeconds} s`);
    await cluster.stop("immediate");
    await sleep(options.stopSeconds * 1000);
    await cluster.start();
    undo();
    await sleep(options.betweenMs);

    await session.stop();
    await noteUnaskedExit(store, notes);
    await store.stop("SIGTERM");
    const invariants = await session.check(database, stocked);
    const outcome = session.outcome(head, invariants, [], notes);
    const other5xx = countLabel(outcome, /^5(?!03)\d\d/);
    const bare503 = countLabel(outcome, /^503(?! .*with Retry-After)/);
    outcome.checks.push({
      name: "while PostgreSQL was away the store answered 503 with Retry-After, never another 5xx",
      pass: other5xx === 0 && bare503 === 0,
      detail: `${countLabel(outcome, /^503 .*with Retry-After/)} answered 503 with Retry-After, ${bare503} 503 without it, ${other5xx} another 5xx`,
    });
    return outcome;
  } catch (error) {
    return brokenOutcome(head, session, payment, error);
  } finally {
    await session?.stop().catch(() => undefined);
    await store.dispose();
    // A scenario that failed halfway may leave the cluster stopped: the next one needs it.
    await cluster.start().catch(() => undefined);
    await payment.close();
    await database.cleanup();
  }
}
