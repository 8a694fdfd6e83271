import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { LIVE_TOPICS } from "../../../shared/contracts/live-topics.ts";
import { CANCEL_REASON_LABELS } from "../../../shared/rules/order-fulfilment.ts";
import { type Database, rowsOf } from "../../db/client.ts";
import { repeatingTask } from "../../workers/repeating-task.ts";
import { returnLinesToStock } from "../fulfilment/index.ts";
import { notifyStaff } from "../live/index.ts";
import { orderUnpaidCancelled, recordOrderEvent } from "../orders/index.ts";
import { failUnpaidOrderPayments } from "../payments/index.ts";

/** How many holds one pass releases at most; the next pass takes the rest. */
const BATCH = 100;

/**
 * Cancels online orders whose hold ended unpaid and puts their stock back through the ledger,
 * each in its own transaction, so two instances never release one twice (the row is locked and
 * the state checked). A payment that still arrives is refunded (order-payment.ts). Answers how
 * many were released.
 */
export async function releaseUnpaidOrders(db: Database, now = new Date()): Promise<number> {
  let released = 0;
  for (let round = 0; round < BATCH; round++) {
    const done = await db.transaction(async (tx) => {
      const [due] = rowsOf<{ id: number; order_number: string }>(
        await tx.execute(sql`
          select id, order_number from orders
          where status = 'awaiting_payment' and payment_due_at <= ${now.toISOString()}::timestamptz
          order by payment_due_at limit 1
          for update skip locked`),
      );
      if (!due) return false;
      const orderId = Number(due.id);
      await orderUnpaidCancelled(tx, orderId);
      await failUnpaidOrderPayments(tx, orderId);
      await returnLinesToStock(tx, {
        id: orderId,
        note: `Order ${due.order_number} not paid in time`,
      });
      await recordOrderEvent(tx, {
        orderId,
        kind: "status",
        status: "cancelled",
        by: null,
        note: CANCEL_REASON_LABELS.unpaid,
      });
      await notifyStaff(tx, {
        topic: LIVE_TOPICS.orders,
        dashboards: ["sales", "inventory"],
        id: due.order_number,
      });
      return true;
    });
    if (!done) break;
    released++;
  }
  return released;
}

/** Releases ended holds every 30 seconds (main.ts starts it; tests call runOnce). */
export function createUnpaidOrderSweep(deps: { db: Database; log: FastifyBaseLogger }) {
  const task = repeatingTask(
    "unpaid-orders",
    async () => {
      const released = await releaseUnpaidOrders(deps.db);
      if (released > 0) deps.log.info({ released }, "released the stock of unpaid orders");
    },
    { intervalMs: 30_000, log: deps.log },
  );
  return { ...task, runOnce: (now?: Date) => releaseUnpaidOrders(deps.db, now) };
}

declare module "fastify" {
  interface FastifyInstance {
    /** Cancels online orders unpaid past their hold (see createUnpaidOrderSweep). */
    unpaidOrders: ReturnType<typeof createUnpaidOrderSweep>;
  }
}
