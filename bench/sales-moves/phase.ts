// One measured stretch of bench:sales-moves: the manager moves orders (each move beside a
// session lookup, manager.ts) for a while, as buyers place orders or as none do. More than one
// manager (the same member in several tabs, each one request at a time) gives more samples in
// the same stretch when the store is slow to answer.
import type { ChildServer } from "../support/child.ts";
import { placeOrder } from "./buyers.ts";
import { type ManagerTimings, moveThrough, noTimings } from "./manager.ts";

/** Who places orders meanwhile: nobody, N buyers as fast as they can, or a steady rate. */
export type Load = { buyers: number } | { perSecond: number };

export type Phase = ManagerTimings & {
  /** Orders placed within the stretch. */
  orders: number;
  /** Orders refused or failed, by the step and its HTTP status ("place 429"). */
  refusals: Record<string, number>;
};

/** Orders placed and moved through, untimed, before the stretch: the move's code is warm. */
const WARM_UP_ORDERS = 3;
/** Orders waiting to be moved when the stretch starts (all of them, on a quiet store). */
const READY_ORDERS = 20;

async function placeInto(server: ChildServer, queue: string[]) {
  const placed = await placeOrder(server);
  if (placed.orderNumber) queue.push(placed.orderNumber);
}

export async function runPhase(
  server: ChildServer,
  cookie: string,
  load: Load,
  { seconds, managers }: { seconds: number; managers: number },
): Promise<Phase> {
  const queue: string[] = [];
  for (let i = 0; i < READY_ORDERS + WARM_UP_ORDERS; i++) await placeInto(server, queue);
  const warmUp = noTimings();
  for (const orderNumber of queue.splice(0, WARM_UP_ORDERS)) {
    await moveThrough(server, cookie, orderNumber, warmUp);
  }

  const phase: Phase = { ...noTimings(), orders: 0, refusals: {} };
  // A warm-up that went wrong is as wrong as a timed move.
  phase.failed = warmUp.failed;
  phase.failures.push(...warmUp.failures);
  const endAt = performance.now() + seconds * 1000;
  const buy = async () => {
    const placed = await placeOrder(server);
    if (placed.status === 201) {
      phase.orders++;
      if (placed.orderNumber) queue.push(placed.orderNumber);
    } else {
      const why = `${placed.refusedAt} ${placed.status}`;
      phase.refusals[why] = (phase.refusals[why] ?? 0) + 1;
    }
  };
  const buyers: Promise<void>[] = [];
  if ("buyers" in load) {
    for (let i = 0; i < load.buyers; i++) {
      buyers.push(
        (async () => {
          while (performance.now() < endAt) await buy();
        })(),
      );
    }
  } else {
    // Orders arrive on a clock, whether or not the last one has been answered.
    buyers.push(
      (async () => {
        const startedAt = performance.now();
        for (let n = 0; performance.now() < endAt; n++) {
          const due = startedAt + (n * 1000) / load.perSecond;
          const wait = due - performance.now();
          if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
          buyers.push(buy());
        }
      })(),
    );
  }
  const manager = async () => {
    while (performance.now() < endAt) {
      const orderNumber = queue.shift();
      if (orderNumber) await moveThrough(server, cookie, orderNumber, phase);
      else await placeInto(server, queue);
    }
  };
  await Promise.all(Array.from({ length: managers }, manager));
  // Every order started is awaited, including those the steady clock started late.
  for (let at = 0; at < buyers.length; at++) await buyers[at];
  return phase;
}
