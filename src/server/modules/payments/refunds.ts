import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { FULFILMENT_MESSAGES } from "../../../shared/rules/order-fulfilment.ts";
import { type Database, rowsOf, type Transaction } from "../../db/client.ts";
import { repeatingTask } from "../../workers/repeating-task.ts";
import { STAFF_CHANNEL } from "../live/index.ts";
import { orderRefundedPartSql, timelineFromSql } from "../orders/index.ts";
import type { PaymentGateway, ProviderRefund } from "./payment-gateway.ts";
import { refunds } from "./schema.ts";

export type RefundOwed = ({ orderId: number } | { bulkOrderId: number }) & {
  /** Names this refund for good: the same reference is never refunded twice. */
  reference: string;
  transactionId: string;
  gateway: string;
  amountPaise: number;
  reason: string;
};

/**
 * Records money owed back to a shopper, in the transaction that decides it, so a cancel or a
 * short-pick and its refund commit or roll back together. Paying it out happens after commit
 * (`payRefunds`). A second record under the same reference is ignored.
 */
export async function owe(tx: Transaction | Database, refund: RefundOwed): Promise<void> {
  if (refund.amountPaise <= 0) return;
  await tx.insert(refunds).values(refund).onConflictDoNothing({ target: refunds.reference });
}

type PendingRefund = {
  id: number;
  reference: string;
  transaction_id: string;
  amount_paise: number;
};

/**
 * Once the money is back: the order's timeline says so, and a cancelled order's payment reads
 * "refunded" (not before: a refund the provider refused is still owed, and shows as pending).
 * A bulk order's advance reads "refunded" when all of it went back (a kept fee leaves it paid).
 */
async function markRefunded(tx: Transaction, refund: PendingRefund): Promise<void> {
  await tx.execute(sql`
    update payments p set status = 'refunded', updated_at = now()
    from refunds r
    where r.id = ${refund.id} and r.bulk_order_id is not null
      and p.bulk_order_id = r.bulk_order_id and p.status = 'paid'
      and p.transaction_id = r.transaction_id and p.amount_paise = r.amount_paise`);
  const note = FULFILMENT_MESSAGES.refundPaid(Number(refund.amount_paise), refund.reference);
  await tx.execute(sql`
    with refunded as (
      select r.order_id, o.status from refunds r join orders o on o.id = r.order_id
      where r.id = ${refund.id}
    ), ${orderRefundedPartSql(
      "paid_back",
      sql`(select order_id from refunded)`,
      // Only the refund of the payment the order was paid with (not one of a second payment).
      sql`exists (
          select 1 from payments p, refunds r
          where r.id = ${refund.id} and p.order_id = r.order_id and p.status = 'paid'
            and p.transaction_id = r.transaction_id)`,
    )}, payment as (
      update payments set status = 'refunded'
      where order_id in (select id from paid_back) and status = 'paid'
    )
    ${timelineFromSql("refunded", "refund", note)}`);
}

const FAILED_REFUND =
  "the provider could not refund this payment: pay it back by hand (the refund stays on record as failed)";

/**
 * The sales board and the order's own page (its stream listens for the order's number) read the
 * refund again, on commit. A bulk order's refund has no order page.
 */
async function tellOrder(tx: Transaction, refund: PendingRefund): Promise<void> {
  await tx.execute(sql`
    select pg_notify(${STAFF_CHANNEL}, json_build_object(
      'topic', 'orders', 'dashboards', json_build_array('sales'), 'id', o.order_number)::text)
    from refunds r join orders o on o.id = r.order_id
    where r.id = ${refund.id}`);
}

/**
 * Where a refund the provider accepted stands: processed (the money is back), still processing
 * (sent: its webhook will say), or failed for good (a person has to pay it back).
 */
async function settle(
  tx: Transaction,
  refund: PendingRefund,
  status: ProviderRefund["status"],
  log: Pick<FastifyBaseLogger, "error">,
): Promise<void> {
  await tellOrder(tx, refund);
  if (status === "processed") {
    const [done] = rowsOf<{ id: number }>(
      await tx.execute(sql`
        update refunds set state = 'done', done_at = now()
        where id = ${refund.id} and state <> 'done' returning id`),
    );
    if (done) await markRefunded(tx, refund);
    return;
  }
  if (status === "pending") {
    await tx.execute(
      sql`update refunds set state = 'sent' where id = ${refund.id} and state in ('pending', 'sending')`,
    );
    return;
  }
  await tx.execute(sql`
    update refunds set state = 'failed', last_error = 'Refused by the payment provider'
    where id = ${refund.id} and state <> 'done'`);
  log.error({ refund: refund.reference }, FAILED_REFUND);
}

/**
 * A refund's webhook: the provider says the money is back (or that it could not be). Found by
 * the provider's id or the store's reference; the same news twice changes nothing.
 */
export async function refundSettled(
  db: Database,
  gatewayName: string,
  news: ProviderRefund,
  log: Pick<FastifyBaseLogger, "error">,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [refund] = rowsOf<PendingRefund>(
      await tx.execute(sql`
        select id, reference, transaction_id, amount_paise from refunds
        where gateway = ${gatewayName}
          and (provider_refund_id = ${news.refundId} or reference = ${news.reference ?? ""})
        order by id limit 1
        for update`),
    );
    if (!refund) return false;
    await tx.execute(sql`
      update refunds set provider_refund_id = coalesce(provider_refund_id, ${news.refundId})
      where id = ${refund.id}`);
    await settle(tx, refund, news.status, log);
    return true;
  });
}

/** How many pending refunds one pass pays at most. */
const BATCH = 50;

/** A refund claimed by a pass that never finished (its process died) is owed again after this. */
const CLAIM_LAPSES_AFTER = "5 minutes";

/**
 * Pays the pending refunds (of one order, or all). Each is claimed in a statement of its own
 * (state `sending`, so two instances never ask for the same one at once), the provider is asked
 * with no transaction open (on the embedded database a transaction holds every other query), and
 * its answer settled after. The provider's per-reference promise covers a crash in between: a
 * claim older than CLAIM_LAPSES_AFTER is owed again and asked for under the same reference. A
 * refusal stays pending and is retried next pass. Answers how many the provider accepted.
 */
export async function payRefunds(
  db: Database,
  gateway: PaymentGateway | undefined,
  log: Pick<FastifyBaseLogger, "error">,
  { orderId, bulkOrderId }: { orderId?: number; bulkOrderId?: number } = {},
): Promise<number> {
  if (!gateway) return 0;
  await db.execute(sql`
    update refunds set state = 'pending'
    where state = 'sending' and claimed_at < now() - ${CLAIM_LAPSES_AFTER}::interval`);
  let paid = 0;
  // Each refund is asked for once a pass, so one the provider keeps refusing blocks no other.
  const tried: number[] = [0];
  for (let round = 0; round < BATCH; round++) {
    const [refund] = rowsOf<PendingRefund>(
      await db.execute(sql`
        update refunds set state = 'sending', claimed_at = now(), attempts = attempts + 1
        where id = (
          select id from refunds
          where state = 'pending' and gateway = ${gateway.name}
            and id not in (${sql.join(
              tried.map((id) => sql`${id}::integer`),
              sql`, `,
            )})
            ${orderId === undefined ? sql`` : sql`and order_id = ${orderId}`}
            ${bulkOrderId === undefined ? sql`` : sql`and bulk_order_id = ${bulkOrderId}`}
          order by id limit 1
          for update skip locked)
        returning id, reference, transaction_id, amount_paise`),
    );
    if (!refund) break;
    tried.push(Number(refund.id));
    let answer: ProviderRefund;
    try {
      answer = await gateway.refund(
        refund.transaction_id,
        Number(refund.amount_paise),
        refund.reference,
      );
    } catch (error) {
      log.error({ err: error, refund: refund.reference }, "refund refused; retried later");
      await db.execute(sql`
        update refunds set state = 'pending',
          last_error = ${error instanceof Error ? error.message.slice(0, 500) : "refused"}
        where id = ${refund.id} and state = 'sending'`);
      continue;
    }
    await db.transaction(async (tx) => {
      await tx.execute(sql`
        update refunds set last_error = null, provider_refund_id = ${answer.refundId}
        where id = ${refund.id}`);
      await settle(tx, refund, answer.status, log);
    });
    paid++;
  }
  return paid;
}

/**
 * Refunds owed through a provider this store is not set up with now (none at all, or another
 * one): no pass can pay them, so a person has to.
 */
export async function unpayableRefunds(
  db: Database,
  gateway: PaymentGateway | undefined,
): Promise<number> {
  const [row] = rowsOf<{ count: number }>(
    await db.execute(sql`
      select count(*)::int as count from refunds
      where state = 'pending' ${gateway ? sql`and gateway <> ${gateway.name}` : sql``}`),
  );
  return row!.count;
}

/**
 * Retries refunds the provider did not take at once, every minute (main.ts starts it), and says
 * every pass when some are owed through a provider the store no longer has.
 */
export function createRefundWorker(deps: {
  db: Database;
  gateway: PaymentGateway | undefined;
  log: FastifyBaseLogger;
}) {
  return repeatingTask(
    "refunds",
    async () => {
      await payRefunds(deps.db, deps.gateway, deps.log);
      const stuck = await unpayableRefunds(deps.db, deps.gateway);
      if (stuck > 0) {
        deps.log.error(
          { refunds: stuck },
          "refunds are owed through a payment provider this store is not set up with: pay them by hand, or set the provider up again",
        );
      }
    },
    { intervalMs: 60_000, log: deps.log },
  );
}

declare module "fastify" {
  interface FastifyInstance {
    /** Retries refunds the provider did not take at once (see createRefundWorker). */
    refunds: ReturnType<typeof createRefundWorker>;
  }
}
