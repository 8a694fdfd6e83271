// a. kill -9 under checkout load: the store process is killed mid-work, again and again, and
// started again at once on the same database, as a supervisor would. Shoppers press again with
// the same Idempotency-Key until answered; a checkout the dead process left half-claimed is taken
// over once its heartbeat has stopped (decision 31).
import { setTimeout as sleep } from "node:timers/promises";
import type { PostgresCluster } from "../../src/server/testing/postgres-clusters.ts";
import { storeInstance } from "../../src/server/testing/store-instances.ts";
import { brokenOutcome, failedCount, LoadSession, type ScenarioOutcome } from "./load-session.ts";
import { demoProvider } from "./payment-paths.ts";
import { clusterDatabase, pgliteDatabase, stockUp } from "./store-database.ts";
import { noteUnaskedExit } from "./unasked-exits.ts";

export type KillOptions = { cycles: number; buyers: number; everyMs: number };

export async function killCycles(
  kind: "postgres" | "pglite",
  cluster: PostgresCluster | undefined,
  options: KillOptions,
): Promise<ScenarioOutcome> {
  const database =
    kind === "pglite" ? await pgliteDatabase("kill") : await clusterDatabase(cluster!);
  const payment = demoProvider();
  const store = await storeInstance({
    name: `kill-${kind}`,
    databaseUrl: database.env.DATABASE_URL ?? "",
    shutdownDelaySeconds: 0,
    env: { ...database.env, ...payment.env, LOG_LEVEL: "fatal" },
  });
  let session: LoadSession | undefined;
  const notes: string[] = [];
  const head = {
    id: `kill-9-${kind}`,
    title: `kill -9 cycles under checkout load (${kind === "pglite" ? "PGlite" : "PostgreSQL"})`,
    database: kind,
    what: `${options.cycles} cycles: ${options.buyers} shoppers (half paying online through the demo's test provider), 2 catalogue readers and the sales manager (confirming cash orders, cancelling every 4th paid order) at work; every ${options.everyMs / 1000} s the store process gets SIGKILL and is started again at once on the same ${kind === "pglite" ? "data folder" : "database"}.`,
  };
  try {
    const stocked = await stockUp(database, 100_000);
    session = new LoadSession(() => store.url, payment, {
      buyers: options.buyers,
      products: stocked.products,
    });
    await store.start();
    session.start();
    await sleep(options.everyMs);
    for (let cycle = 1; cycle <= options.cycles; cycle++) {
      const started = performance.now();
      await noteUnaskedExit(store, notes);
      const undo = session.tally.fault(`kill -9 #${cycle}`);
      await store.stop("SIGKILL");
      await store.start();
      undo();
      console.log(
        `  kill -9 #${cycle}: ready again in ${Math.round(performance.now() - started)} ms`,
      );
      await sleep(options.everyMs);
    }
    await session.stop();
    await noteUnaskedExit(store, notes);
    await store.stop("SIGTERM");
    const invariants = await session.check(database, stocked);
    const outcome = session.outcome(head, invariants, [], notes);
    const errors = countLabel(outcome, /^5(?!03)\d\d/);
    outcome.checks.push({
      name: "no server errors (a crash is a lost answer, never a 500)",
      pass: errors === 0,
      detail: `${errors} 5xx other than 503; ${failedCount(outcome)} failed requests in all`,
    });
    return outcome;
  } catch (error) {
    return brokenOutcome(head, session, payment, error);
  } finally {
    await session?.stop().catch(() => undefined);
    await store.dispose();
    await payment.close();
    await database.cleanup();
  }
}

/** How many failed requests came back with a label matching `pattern`. */
export function countLabel(outcome: Pick<ScenarioOutcome, "failures">, pattern: RegExp): number {
  return Object.values(outcome.failures)
    .flatMap((labels) => Object.entries(labels))
    .filter(([label]) => pattern.test(label))
    .reduce((sum, [, n]) => sum + n, 0);
}
