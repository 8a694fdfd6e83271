// Keeps `daily_order_figures` true: housekeeping rolls up each India day once it has closed, and
// every change to an order of a closed day recomputes that day in the change's own transaction.
// Both hold the day's advisory lock while they read the orders, so neither can write figures
// that miss the other's change (see decision 26).
import { type SQL, type SQLWrapper, sql } from "drizzle-orm";
import { addDays, shopDate } from "../../../../shared/rules/bulk-delivery-date.ts";
import { type Database, rowsOf, type Transaction } from "../../../db/client.ts";
import { dayFiguresSql, placedDaySql, shopDaySql } from "./day-figures.ts";

/** Advisory lock namespace of the per-day locks (the second key is the day). */
const DAY_LOCK_SPACE = 7_240_120;
/** One rollup pass at a time across instances. */
const ROLLUP_LOCK_ID = 7_240_121;
/**
 * Each pass writes the last closed days again: an order placed just before midnight whose
 * checkout commits just after, while that day is rolled up, is counted by the next pass.
 */
export const ORDER_ROLLUP_REVISIT_DAYS = 2;

const COLUMNS = sql.raw(
  "day, orders, cancelled, revenue_paise, delivered, delivered_on_time, payment_methods, cancel_reasons, products, state_minutes, event_orders, event_revenue_paise",
);
const UPSERT = sql.raw(`on conflict (day) do update set
  orders = excluded.orders, cancelled = excluded.cancelled,
  revenue_paise = excluded.revenue_paise, delivered = excluded.delivered,
  delivered_on_time = excluded.delivered_on_time, payment_methods = excluded.payment_methods,
  cancel_reasons = excluded.cancel_reasons, products = excluded.products,
  state_minutes = excluded.state_minutes, event_orders = excluded.event_orders,
  event_revenue_paise = excluded.event_revenue_paise`);

/** A day's number for its advisory lock: days since 1970-01-01, of a `date` expression. */
const dayKeySql = (day: SQL) => sql`(${day} - date '1970-01-01')::integer`;
const lockDaySql = (day: SQL) => sql`pg_advisory_xact_lock(${DAY_LOCK_SPACE}, ${dayKeySql(day)})`;

/**
 * A day is rolled up only once it has closed by the clock of whichever instance runs the pass
 * (or the database's, if earlier). Read this far ahead, this instance's clock still counts a day
 * as open only while no other clock within that skew can have closed it.
 */
const CLOCK_SKEW_MS = 5 * 60_000;
/** The first India day that no rollup can have reached yet at `now`. */
export const openDay = (now: Date) => shopDate(new Date(now.getTime() + CLOCK_SKEW_MS));

/**
 * For the statement that changes an order (a value in an UPDATE's RETURNING, so after the row
 * lock): if the order's India day may be rolled up, that day's lock, held until the transaction
 * ends, so a rollup of the day waits for the change and refreshDaySql (a later statement) sees
 * any rollup that committed first. An order of a day still open takes no lock: most moves are of
 * today's orders, and they need not queue on one another.
 */
export const lockOrderDaySql = (placedAt: SQLWrapper, now: Date | SQLWrapper) => {
  const day = shopDaySql(placedAt);
  const open = now instanceof Date ? openDay(now) : now;
  return sql`case when ${day} < ${open}::date then ${lockDaySql(day)} end`;
};

/**
 * If the India day of `placedAt` is closed and rolled up, its figures recomputed from that day's
 * orders; otherwise nothing. A statement (or a part of one) for after the day's lock is held.
 * Undefined for an order of a day still open (as lockOrderDaySql decides with the same `now`).
 */
export function refreshDaySql(placedAt: Date, now: Date): SQL | undefined {
  const day = shopDate(placedAt);
  if (day >= openDay(now)) return undefined;
  return sql`
    insert into daily_order_figures (${COLUMNS})
    select * from (${dayFiguresSql(day, day)}) f
    where exists (select 1 from daily_order_figures where day = ${day}::date)
    ${UPSERT}`;
}

const isTransaction = (executor: Transaction | Database): executor is Transaction =>
  "rollback" in executor;

/**
 * Call inside every transaction that changes an order already placed (a move, a cancel, a
 * short-pick), after the change: if the order's India day is closed and rolled up, its figures
 * are recomputed from that day's orders, seeing the change. The day's lock is held until the
 * transaction ends, so a rollup pass of the same day waits for the change to commit. Given the
 * database rather than a transaction, it runs in a transaction of its own.
 */
export async function refreshOrderDay(
  executor: Transaction | Database,
  placedAt: Date,
): Promise<void> {
  const refresh = async (tx: Transaction) => {
    // Its own statement: the next one's snapshot must start after the lock is ours, so it
    // sees a rollup that committed while we waited.
    await tx.execute(sql`select ${lockDaySql(sql`${shopDate(placedAt)}::date`)}`);
    const refreshDay = refreshDaySql(placedAt, new Date());
    if (refreshDay) await tx.execute(refreshDay);
  };
  if (isTransaction(executor)) await refresh(executor);
  else await executor.transaction(refresh);
}

/**
 * Rolls up the India days that have closed and are not yet in `daily_order_figures`: from the
 * first order's day on a new store, then from the day after the last one written, rewriting the
 * last ORDER_ROLLUP_REVISIT_DAYS closed days each pass. A day closes by the database's clock
 * (a `now` ahead of it, as a test may pass, closes nothing early). Several instances take turns
 * on an advisory lock. Answers the days written.
 */
export async function rollUpClosedDays(db: Database, now: Date = new Date()): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${ROLLUP_LOCK_ID})`);
    const [bounds] = rowsOf<{ last_day: string | null; first_day: string | null; db_now: string }>(
      await tx.execute(sql`
        select (select max(day) from daily_order_figures)::text as last_day,
          (select min(${placedDaySql}) from orders o)::text as first_day,
          now()::text as db_now`),
    );
    const clock = Math.min(now.getTime(), Date.parse(bounds?.db_now ?? "") || now.getTime());
    const yesterday = addDays(shopDate(new Date(clock)), -1);
    const revisitFrom = addDays(yesterday, 1 - ORDER_ROLLUP_REVISIT_DAYS);
    let fromDay: string | null = null;
    if (bounds?.last_day) {
      fromDay =
        addDays(bounds.last_day, 1) < revisitFrom ? addDays(bounds.last_day, 1) : revisitFrom;
    } else if (bounds?.first_day) {
      fromDay = bounds.first_day;
    }
    if (!fromDay || fromDay > yesterday) return 0;
    // Every day's lock, in day order (as refreshOrderDay takes one), before reading any order.
    await tx.execute(sql`
      select pg_advisory_xact_lock(${DAY_LOCK_SPACE}, k)
      from generate_series(${dayKeySql(sql`${fromDay}::date`)}, ${dayKeySql(sql`${yesterday}::date`)}) k
      order by k`);
    const written = rowsOf<{ day: string }>(
      await tx.execute(sql`
        insert into daily_order_figures (${COLUMNS})
        select * from (${dayFiguresSql(fromDay, yesterday)}) f
        ${UPSERT}
        returning day::text as day`),
    );
    return written.length;
  });
}
