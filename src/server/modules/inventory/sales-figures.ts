import { type SQL, sql } from "drizzle-orm";
import { addDays, SHOP_TIME_ZONE, shopDate } from "../../../shared/rules/bulk-delivery-date.ts";
import { GRAMS_PER_KG, WEIGHT_UNITS } from "../../../shared/rules/measure.ts";
import { type Database, rowsOf } from "../../db/client.ts";

export type DaySales = { day: string; productId: string; units: number; revenuePaise: number };

/** The instant an India day (YYYY-MM-DD) starts, as SQL. */
export const dayStart = (day: string) =>
  sql`(${day}::date::timestamp at time zone ${SHOP_TIME_ZONE})`;

/** The orders that count toward the figures: placed, not cancelled. */
const COUNTED = sql.raw(`o.status not in ('cancelled', 'awaiting_payment')`);

/**
 * Grams to kilos and units to units: a weighed product's cost is per kilogram, like its price,
 * and figures across products count a kilo as one.
 */
export const perUnit = sql.raw(
  `(case when p.unit = '${WEIGHT_UNITS[0]}' then ${GRAMS_PER_KG}.0 else 1 end)`,
);

/**
 * What the counted orders placed from `from` (and before `until`) took from the lots, per India
 * day and product, net of what came back to them: each unit at the cost of the lot it came from.
 */
function costOfOrders(from: SQL, until?: SQL) {
  // The orders first, then their lot moves by the moves' order index in one scan (joined order
  // by order, the planner could guess a week's orders too many and scan every lot move the shop
  // ever made; a lookup per order costs twice as much), summed per lot before the few lots and
  // products are joined.
  return sql`
    with counted as materialized (
      select o.id, (o.placed_at at time zone ${SHOP_TIME_ZONE})::date as day from orders o
      where o.placed_at >= ${from} ${until ? sql`and o.placed_at < ${until}` : sql``} and ${COUNTED}
    ), taken as (
      select c.day, m.lot_id, sum(-m.quantity::bigint) as quantity
      from stock_lot_moves m join counted c on c.id = m.order_id
      where m.order_id = any(array(select id from counted))
        and m.kind in ('sale', 'cancellation', 'refund')
      group by 1, 2
    )
    select t.day, l.product_id,
      sum(t.quantity * l.unit_cost_paise / ${perUnit}) as cost,
      coalesce(sum(t.quantity / ${perUnit}) filter (where l.unit_cost_paise is null), 0) as uncosted
    from taken t
    join stock_lots l on l.id = t.lot_id
    join products p on p.id = l.product_id
    group by 1, 2`;
}

/**
 * The last India day before today the rollup has written, as a value: inside a query the planner
 * could not see it, guessed a third of all orders for the live part and scanned every order line.
 */
async function rolledUpThrough(db: Database, fromDay: string, today: string): Promise<string> {
  const [covered] = rowsOf<{ through: string }>(
    await db.execute(sql`
      select coalesce(max(day), ${fromDay}::date - 1)::text as through
      from daily_product_sales where day >= ${fromDay}::date - 1 and day < ${today}::date`),
  );
  return covered?.through ?? addDays(fromDay, -1);
}

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
  const through = await rolledUpThrough(db, fromDay, shopDate(now));
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
      where o.placed_at >= ${dayStart(liveFrom)} and ${COUNTED}
      group by 1, 2`),
  );
  return rows.map((row) => ({
    day: String(row.day),
    productId: row.product_id,
    units: Number(row.units),
    revenuePaise: Number(row.revenue),
  }));
}

/**
 * What the goods sold from `fromDay` to today cost, from the lots they came from, and how many
 * items (a kilo counts as one) came from lots without a cost: closed days from the rollup, the
 * rest live, like `salesSince`.
 */
export async function costOfSalesSince(
  db: Database,
  fromDay: string,
  now: Date = new Date(),
): Promise<{ costPaise: number; uncostedItems: number }> {
  const through = await rolledUpThrough(db, fromDay, shopDate(now));
  const [row] = rowsOf<{ cost: string | number; uncosted: string | number }>(
    await db.execute(sql`
      with days as (
        select r.cost_paise as cost, r.uncosted_items as uncosted
        from daily_product_sales r
        where r.day >= ${fromDay}::date and r.day <= ${through}::date
        union all
        select cost, uncosted from (${costOfOrders(dayStart(addDays(through, 1)))}) live
      )
      select coalesce(round(sum(cost)), 0)::bigint as cost,
        coalesce(round(sum(uncosted)), 0)::integer as uncosted
      from days`),
  );
  return { costPaise: Number(row?.cost ?? 0), uncostedItems: Number(row?.uncosted ?? 0) };
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
    const from = dayStart(fromDay);
    const until = dayStart(addDays(yesterday, 1));
    const written = rowsOf<{ day: string }>(
      await tx.execute(sql`
        with sold as (
          select (o.placed_at at time zone ${SHOP_TIME_ZONE})::date as day, l.product_id,
            sum(l.quantity)::integer as units, sum(l.taxable_paise)::integer as revenue
          from orders o join order_lines l on l.order_id = o.id
          where o.placed_at >= ${from} and o.placed_at < ${until} and ${COUNTED}
          group by 1, 2
        ), cost as (${costOfOrders(from, until)})
        insert into daily_product_sales
          (day, product_id, units, revenue_paise, cost_paise, uncosted_items)
        select s.day, s.product_id, s.units, s.revenue, coalesce(c.cost, 0), coalesce(c.uncosted, 0)
        from sold s left join cost c on c.day = s.day and c.product_id = s.product_id
        on conflict (day, product_id) do update
          set units = excluded.units, revenue_paise = excluded.revenue_paise,
            cost_paise = excluded.cost_paise, uncosted_items = excluded.uncosted_items
        returning day`),
    );
    return new Set(written.map((row) => String(row.day))).size;
  });
}
