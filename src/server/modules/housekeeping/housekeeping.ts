import type { FastifyBaseLogger } from "fastify";
import { shopDate } from "../../../shared/rules/bulk-delivery-date.ts";
import type { Database } from "../../db/client.ts";
import { pruneRateLimits } from "../../http/rate-limit-store.ts";
import { repeatingTask } from "../../workers/repeating-task.ts";
import { forgetClosedNetworks } from "../checkout/index.ts";
import { rollUpClosedDays } from "../fulfilment/index.ts";
import { pruneIdempotencyKeys, pruneStoreInstances } from "../idempotency/index.ts";
import { rollUpDailySales } from "../inventory/index.ts";
import { eraseExpiredRecipients } from "../orders/index.ts";
import { prunePaymentEvents } from "../payments/index.ts";

const HOUR = 60 * 60 * 1000;
/** How often a started worker prunes. */
const INTERVAL_MS = HOUR;
/** Idempotency records are kept a day: a client retries within minutes, not days. */
export const IDEMPOTENCY_KEPT_MS = 24 * HOUR;
/**
 * Rate-limit counters are kept a day after their window started. The longest window in use is
 * an hour (bulk requests, support tickets, sign-up and codes); any window up to a day has ended
 * by then, so pruning never resets a live count.
 */
export const RATE_LIMITS_KEPT_MS = 24 * HOUR;
/** Webhook events are kept 30 days: a provider redelivers one for a day at most. */
export const PAYMENT_EVENTS_KEPT_MS = 30 * 24 * HOUR;
/** Rows per statement: a backlog goes in short statements that hold few locks. */
const BATCH = 1_000;

export type HousekeepingReport = {
  idempotencyKeys: number;
  rateLimits: number;
  paymentEvents: number;
  /** India days whose sales were rolled up for the dashboards (sales-figures.ts). */
  salesDays: number;
  /** India days whose order figures were rolled up for the sales dashboard (order-rollup.ts). */
  orderDays: number;
  /** Erased customers' invoices whose recipient GST law no longer keeps (decision 35). */
  erasedRecipients: number;
  /** Orders that stopped counting as open cash orders, whose network was forgotten (decision 41). */
  closedNetworks: number;
};

export type Housekeeping = {
  /** Prunes now, then every hour until `stop()`. */
  start(): void;
  /** Stops the schedule and waits for a pass in flight. */
  stop(): Promise<void>;
  /** One pass; tests call it directly, with the clock they want. */
  runOnce(now?: Date): Promise<HousekeepingReport>;
};

/**
 * Deletes what the store no longer needs: idempotency records (whole answers, with names and
 * addresses), rate-limit counters of ended windows and old webhook events, the networks of cash
 * orders that closed, and the names and
 * addresses of erased customers' invoices once GST law lets them go; and rolls up closed India days' sales
 * and orders for the dashboards' figures. Every instance runs one; deletes skip
 * rows another instance holds, so several can prune at once.
 */
export function createHousekeeping({
  db,
  log,
  intervalMs = INTERVAL_MS,
}: {
  db: Database;
  log: Pick<FastifyBaseLogger, "info" | "error">;
  intervalMs?: number;
}): Housekeeping {
  async function drain(prune: () => Promise<number>): Promise<number> {
    let total = 0;
    for (;;) {
      const removed = await prune();
      total += removed;
      // A stopping worker leaves the rest of a backlog to the next start.
      if (removed < BATCH || task.stopping) return total;
    }
  }

  async function runOnce(now = new Date()): Promise<HousekeepingReport> {
    const salesDays = await rollUpDailySales(db, now);
    const orderDays = await rollUpClosedDays(db, now);
    const report = {
      idempotencyKeys: await drain(() =>
        pruneIdempotencyKeys(db, new Date(now.getTime() - IDEMPOTENCY_KEPT_MS), BATCH),
      ),
      rateLimits: await drain(() =>
        pruneRateLimits(db, now.getTime() - RATE_LIMITS_KEPT_MS, BATCH),
      ),
      paymentEvents: await drain(() =>
        prunePaymentEvents(db, new Date(now.getTime() - PAYMENT_EVENTS_KEPT_MS), BATCH),
      ),
      storeInstances: await drain(() =>
        pruneStoreInstances(db, new Date(now.getTime() - IDEMPOTENCY_KEPT_MS), BATCH),
      ),
      erasedRecipients: await drain(() => eraseExpiredRecipients(db, shopDate(now), BATCH)),
      closedNetworks: await drain(() => forgetClosedNetworks(db, BATCH)),
      salesDays,
      orderDays,
    };
    if (
      report.idempotencyKeys +
        report.rateLimits +
        report.paymentEvents +
        report.erasedRecipients +
        report.closedNetworks >
      0
    )
      log.info(report, "old records removed");
    return report;
  }

  const task = repeatingTask("housekeeping", () => runOnce(), { intervalMs, log });

  return {
    start: task.start,
    stop: task.stop,
    runOnce,
  };
}

declare module "fastify" {
  interface FastifyInstance {
    /** Prunes old records on a schedule (see createHousekeeping). */
    housekeeping: Housekeeping;
  }
}
