// e. The read replica goes away under load: the store reads its catalogue and the dashboards'
// figures from a streaming replica (DATABASE_READ_URL), and should fall back to the primary while
// the replica is down and go back to it once it answers again, with no read or checkout failing.
import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";
import {
  type PostgresCluster,
  startReplicaOf,
} from "../../src/server/testing/postgres-clusters.ts";
import { storeInstance } from "../../src/server/testing/store-instances.ts";
import { brokenOutcome, failedCount, LoadSession, type ScenarioOutcome } from "./load-session.ts";
import { demoProvider } from "./payment-paths.ts";
import { clusterDatabase, stockUp } from "./store-database.ts";
import { noteUnaskedExit } from "./unasked-exits.ts";

export type ReplicaOptions = { buyers: number; downSeconds: number; settleMs: number };

/** Client connections to `database` on `cluster` now: the store's read pool, when it reads there. */
async function readersOn(cluster: PostgresCluster, database: string): Promise<number | undefined> {
  const client = new pg.Client({ connectionString: cluster.url(), connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    const { rows } = await client.query<{ n: number }>(
      "select count(*)::int as n from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()",
      [database],
    );
    return rows[0]?.n;
  } catch {
    return undefined;
  } finally {
    await client.end().catch(() => undefined);
  }
}

export async function replicaLoss(
  primary: PostgresCluster,
  options: ReplicaOptions,
): Promise<ScenarioOutcome> {
  const database = await clusterDatabase(primary);
  const name = new URL(database.env.DATABASE_URL!).pathname.slice(1);
  const payment = demoProvider();
  let replica: PostgresCluster | undefined;
  let session: LoadSession | undefined;
  const notes: string[] = [];
  const head = {
    id: "replica-loss",
    title: "The read replica stopped and started again, under load",
    database: "postgres" as const,
    what: `One store with DATABASE_URL on the primary and DATABASE_READ_URL on a streaming replica (pg_basebackup), CATALOGUE_CACHE_SECONDS=0 so that every catalogue read reaches the database; ${options.buyers} shoppers (half paying online through the demo's test provider), 4 catalogue readers, and the sales manager reading the sales dashboard's figures every turn; the replica is stopped (immediate) for ${options.downSeconds} s and started again.`,
  };
  let store: Awaited<ReturnType<typeof storeInstance>> | undefined;
  try {
    const stocked = await stockUp(database, 100_000);
    replica = await startReplicaOf(primary);
    store = await storeInstance({
      name: "replica",
      databaseUrl: database.env.DATABASE_URL!,
      shutdownDelaySeconds: 0,
      env: {
        ...payment.env,
        DATABASE_READ_URL: replica.url(name),
        CATALOGUE_CACHE_SECONDS: "0",
        LOG_LEVEL: "fatal",
      },
    });
    const running = store;
    session = new LoadSession(() => running.url, payment, {
      buyers: options.buyers,
      products: stocked.products,
      catalogueReaders: 4,
      staffReadsFigures: true,
    });
    await store.start();
    session.start();
    await sleep(options.settleMs);
    const before = await readersOn(replica, name);

    const undo = session.tally.fault(`replica stopped ${options.downSeconds} s`);
    await replica.stop("immediate");
    await sleep(options.downSeconds * 1000);
    await replica.start();
    undo();
    await sleep(options.settleMs);
    const after = await readersOn(replica, name);

    await session.stop();
    await noteUnaskedExit(store, notes);
    await store.stop("SIGTERM");
    const invariants = await session.check(database, stocked);
    const outcome = session.outcome(head, invariants, [], notes);
    const reads = failedCount(outcome, ["catalogue", "figures"]);
    const checkouts = failedCount(outcome, ["order", "provider", "verify", "read"]);
    outcome.checks.push(
      {
        name: "catalogue and dashboard reads kept succeeding while the replica was away",
        pass: reads === 0,
        detail: `${reads} failed of ${(outcome.requests.catalogue ?? 0) + (outcome.requests.figures ?? 0)}`,
      },
      {
        name: "checkouts kept succeeding while the replica was away",
        pass: checkouts === 0,
        detail: `${checkouts} failed requests in checkouts and payments`,
      },
      {
        name: "the store read from the replica before it went away and again after it came back",
        pass: (before ?? 0) > 0 && (after ?? 0) > 0,
        detail: `connections to the replica's copy of the database: ${before ?? "?"} before, ${after ?? "?"} ${options.settleMs / 1000} s after its restart`,
      },
    );
    return outcome;
  } catch (error) {
    return brokenOutcome(head, session, payment, error);
  } finally {
    await session?.stop().catch(() => undefined);
    await store?.dispose();
    await replica?.destroy();
    await payment.close();
    await database.cleanup();
  }
}
