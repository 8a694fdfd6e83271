// Two store processes on one PostgreSQL database behind HAProxy with the deployed configuration
// (src/server/testing/store-instances.ts), paying through Razorpay's stand-in. Not the demo's
// test provider: it lives inside each store process with secrets of its own, so an order placed
// through one instance could not be paid or verified through the other, which a proxy may pick.
import { setTimeout as sleep } from "node:timers/promises";
import {
  disposeStoreInstances,
  type Haproxy,
  haproxyUnavailable,
  type StoreInstance,
  startHaproxy,
  startStoreInstances,
} from "../../src/server/testing/store-instances.ts";
import { type PaymentPath, standInProvider } from "./payment-paths.ts";
import type { FaultDatabase } from "./store-database.ts";

export type ProxiedStores = {
  instances: StoreInstance[];
  proxy: Haproxy;
  payment: PaymentPath;
  /**
   * Watches HAProxy's view of every instance until the answer is called, which answers each
   * change of state: when (ms since the watch began), which instance, and its new state.
   */
  watchStates(): () => { atMs: number; name: string; state: string }[];
  /** HAProxy's counters for each instance: connections sent, retries, redispatches. */
  counters(): Promise<Map<string, { sent: number; retried: number; redispatched: number }>>;
  close(): Promise<void>;
};

export async function startProxiedStores(
  database: FaultDatabase,
  count = 2,
): Promise<ProxiedStores> {
  if (haproxyUnavailable) throw new Error(haproxyUnavailable);
  let proxy: Haproxy | undefined;
  const payment = await standInProvider(() => proxy?.url ?? "http://127.0.0.1:1");
  let instances: StoreInstance[] = [];
  try {
    instances = await startStoreInstances(count, {
      databaseUrl: database.env.DATABASE_URL!,
      env: { ...payment.env, LOG_LEVEL: "fatal" },
    });
    proxy = await startHaproxy(instances.map(({ name, port }) => ({ name, port })));
    for (const instance of instances) await proxy.waitForServer(instance.name, "UP");
  } catch (error) {
    await proxy?.stop();
    await disposeStoreInstances(instances);
    await payment.close();
    throw error;
  }
  const started = proxy;
  return {
    instances,
    proxy: started,
    payment,
    watchStates() {
      const changes: { atMs: number; name: string; state: string }[] = [];
      const last = new Map<string, string>();
      const began = performance.now();
      let watching = true;
      const poll = async () => {
        while (watching) {
          for (const { name } of instances) {
            const state = await started.serverStatus(name).catch(() => "unknown");
            if (last.get(name) !== state) {
              last.set(name, state);
              changes.push({ atMs: Math.round(performance.now() - began), name, state });
            }
          }
          await sleep(200);
        }
      };
      const polling = poll();
      return () => {
        watching = false;
        void polling;
        return changes;
      };
    },
    async counters() {
      const counts = new Map<string, { sent: number; retried: number; redispatched: number }>();
      for (const { name } of instances) {
        const stats = await started.serverStats(name);
        counts.set(name, {
          sent: Number(stats.stot ?? 0),
          retried: Number(stats.wretr ?? 0),
          redispatched: Number(stats.wredis ?? 0),
        });
      }
      return counts;
    },
    async close() {
      await payment.settle();
      await disposeStoreInstances(instances);
      await started.stop();
      await payment.close();
    },
  };
}
