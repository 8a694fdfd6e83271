// c. Two instances behind HAProxy, and shoppers racing for the last unit of a product through it:
// the proxy spreads them over both instances (leastconn), which share nothing but PostgreSQL, so
// the one statement that takes the stock is all that stands between them and an oversell.
import { setTimeout as sleep } from "node:timers/promises";
import type { PostgresCluster } from "../../src/server/testing/postgres-clusters.ts";
import {
  brokenOutcome,
  LoadSession,
  type ScenarioCheck,
  type ScenarioOutcome,
} from "./load-session.ts";
import { demoProvider, type PaymentPath } from "./payment-paths.ts";
import { type ProxiedStores, startProxiedStores } from "./proxied-stores.ts";
import { clusterDatabase, stockUp } from "./store-database.ts";
import { noteUnaskedExit } from "./unasked-exits.ts";

export type RaceOptions = { rounds: number; contenders: number; buyers: number };

export async function proxyRace(
  cluster: PostgresCluster,
  options: RaceOptions,
): Promise<ScenarioOutcome> {
  const database = await clusterDatabase(cluster);
  let stores: ProxiedStores | undefined;
  let session: LoadSession | undefined;
  const head = {
    id: "proxy-race",
    title: "Two instances behind HAProxy: a race for the last unit across them",
    database: "postgres" as const,
    what: `Two store processes behind HAProxy (deploy/haproxy.cfg: leastconn, health checks, retries), ${options.buyers} shoppers in the background (half paying online with Razorpay's stand-in) and the sales manager; ${options.rounds} rounds in which ${options.contenders} new shoppers press Place Order at the same moment for the one unit left of a product.`,
  };
  try {
    const stocked = await stockUp(database, 100_000, { count: options.rounds, stock: 1 });
    stores = await startProxiedStores(database);
    const { proxy } = stores;
    session = new LoadSession(() => proxy.url, stores.payment, {
      buyers: options.buyers,
      products: stocked.products,
    });
    session.start();
    await sleep(3000);
    const checks: ScenarioCheck[] = [];
    const notes: string[] = [];
    const rounds: string[] = [];
    let oversold = 0;
    const before = await stores.counters();
    for (const [round, product] of stocked.scarce.entries()) {
      const productId = product.id;
      const answers = await Promise.all(
        Array.from({ length: options.contenders }, () =>
          session!.shoppers.buyOnce([{ productId, quantity: product.minimum }]),
        ),
      );
      const statuses = new Map<string, number>();
      for (const answer of answers) {
        const label = answer
          ? `${answer.status}${answer.status === 201 ? "" : ` ${String(answer.body?.code)}`}`
          : "unanswered";
        statuses.set(label, (statuses.get(label) ?? 0) + 1);
      }
      const winners = statuses.get("201") ?? 0;
      if (winners !== 1) oversold++;
      rounds.push(
        `round ${round + 1} (${productId}): ${[...statuses].map(([label, n]) => `${label} × ${n}`).join(", ")}`,
      );
      await sleep(1000);
    }
    const after = await stores.counters();
    const spread = [...after].map(
      ([name, count]) => `${name} ${count.sent - (before.get(name)?.sent ?? 0)}`,
    );
    notes.push(
      `Connections HAProxy sent each instance during the races (each contender is a new shopper on a connection of its own; the background shoppers' are in it too): ${spread.join(", ")}.`,
    );
    checks.push({
      name: "each last unit went to exactly one shopper; the others were told it is out of stock",
      pass: oversold === 0,
      detail: rounds.join("; "),
    });
    await session.stop();
    for (const instance of stores.instances) await noteUnaskedExit(instance, notes);
    await stores.close();
    stores = undefined;
    const invariants = await session.check(database, stocked);
    return withProviderCheck(session.outcome(head, invariants, checks, notes), session.payment);
  } catch (error) {
    return brokenOutcome(head, session, stores?.payment ?? demoProvider(), error);
  } finally {
    await session?.stop().catch(() => undefined);
    await stores?.close();
    await database.cleanup();
  }
}

/** The provider's own books: no payment refunded beyond what it took, none twice. */
export function withProviderCheck(outcome: ScenarioOutcome, payment: PaymentPath): ScenarioOutcome {
  const problems = payment.overRefunded();
  if (problems) {
    outcome.checks.push({
      name: "at the provider, no payment was refunded twice or beyond what it took",
      pass: problems.length === 0,
      detail: problems.length ? problems.slice(0, 5).join("; ") : "the stand-in's refunds agree",
    });
  }
  return outcome;
}
