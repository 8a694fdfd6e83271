import { sql } from "drizzle-orm";
import { addDays, SHOP_TIME_ZONE, shopDate } from "../../../shared/rules/bulk-delivery-date.ts";
import { type Database, rowsOf } from "../../db/client.ts";

export type DaySales = { day: string; productId: string; units: number; revenuePaise: number };

/** The instant an India day (YYYY-MM-DD) starts, as SQL. */
export const dayStart = (day: string) =>
  sql`(${day}::date::timestamp at time zone ${SHOP_TIME_ZONE})`;

/**
 * Units and takings (before GST) per India day and product, from `fromDay` to today: closed days
 * from the daily rollup, the rest (today, and any day the rollup has not reached yet) counted
 * live from the orders. Cancelled orders do not count.
 */
export async function salesSince(
  db: Database,
  fromDay: string,
  now: Date = new Date(),
): Promise<DaySales[]> {
  const today = shopDate(now);
  // The rollup's last closed day first, as a value: inside the query the planner could not see
  // it, guessed a third of all orders for the live part and scanned every order line.
  const [covered] = rowsOf<{ through: string }>(
    await db.execute(sql`
      select coalesce(max(day), ${fromDay}::date - 1)::text as through
      from daily_product_sales where day >= ${fromDay}::date - 1 and day < ${today}::date`),
  );
  const through = covered?.through ?? addDays(fromDay, -1);
  const liveFrom = addDays(through, 1);
  const rows = rowsOf<{ day: string; product_id: string; units: number; revenue: number }>(
    await db.execute(sql`
      select r.day::text as day, r.product_id, r.units, r.revenue_paise as revenue
      from daily_product_sales r
      where r.day >= ${fromDay}::date and r.day <= ${through}::date
      union all
      select ((o.placed_at at time zone ${SHOP_TIME_ZONE})::date)::text, l.product_id,
        sum(l.quantity)::integer, sum(l.taxable_paise)::integer
      from orders o join order_lines l on l.order_id = o.id
      where o.placed_at >= ${dayStart(liveFrom)} and o.status not in ('cancelled', 'awaiting_payment')
      group by 1, 2`),
  );
  return rows.map((row) => ({
    day: String(row.day),
    productId: row.product_id,
    units: Number(row.units),
    revenuePaise: Number(row.revenue),
  }));
}

/** Units each product sold today and the 6 India days before it. */
export async function soldLast7DaysByProduct(
  db: Database,
  now: Date = new Date(),
): Promise<Map<string, number>> {
  const sold = new Map<string, number>();
  for (const row of await salesSince(db, addDays(shopDate(now), -6), now)) {
    sold.set(row.productId, (sold.get(row.productId) ?? 0) + row.units);
  }
  return sold;
}

/** How far back each pass recomputes closed days, so a late cancellation still reaches them. */
export const ROLLUP_REVISIT_DAYS = 14;
const ROLLUP_LOCK_ID = 7_240_119;

/**
 * Fills `daily_product_sales` for India days that have ended: from the first order on a new
 * store, then each pass the last ROLLUP_REVISIT_DAYS days before today again. Several instances
 * may run it at once: they take turns on an advisory lock. Answers the days written.
 */
export async function rollUpDailySales(db: Database, now: Date = new Date()): Promise<number> {
  const yesterday = addDays(shopDate(now), -1);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${ROLLUP_LOCK_ID})`);
    const [bounds] = rowsOf<{ from_day: string | null }>(
      await tx.execute(sql`
        select coalesce(
          (select max(day) - ${ROLLUP_REVISIT_DAYS}::integer from daily_product_sales),
          (select (min(placed_at) at time zone ${SHOP_TIME_ZONE})::date from orders)
        )::text as from_day`),
    );
    const fromDay = bounds?.from_day;
    if (!fromDay || fromDay > yesterday) return 0;
    await tx.execute(sql`
      delete from daily_product_sales where day between ${fromDay}::date and ${yesterday}::date`);
    const written = rowsOf<{ day: string }>(
      await tx.execute(sql`
        insert into daily_product_sales (day, product_id, units, revenue_paise)
        select (o.placed_at at time zone ${SHOP_TIME_ZONE})::date, l.product_id,
          sum(l.quantity)::integer, sum(l.taxable_paise)::integer
        from orders o join order_lines l on l.order_id = o.id
        where o.placed_at >= ${dayStart(fromDay)}
          and o.placed_at < ${dayStart(addDays(yesterday, 1))}
          and o.status not in ('cancelled', 'awaiting_payment')
        group by 1, 2
        on conflict (day, product_id) do update
          set units = excluded.units, revenue_paise = excluded.revenue_paise
        returning day`),
    );
    return new Set(written.map((row) => String(row.day))).size;
  });
}
