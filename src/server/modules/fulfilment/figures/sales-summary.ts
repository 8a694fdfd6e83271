import { sql } from "drizzle-orm";
import type { ChartRange, SalesSummary } from "../../../../shared/contracts/sales-figures.ts";
import { addDays, SHOP_TIME_ZONE, shopDate } from "../../../../shared/rules/bulk-delivery-date.ts";
import { type Database, rowsOf } from "../../../db/client.ts";
import {
  DAY_FIGURES_COLUMNS,
  type DayFigures,
  type DayFiguresRow,
  dayFiguresOf,
  dayFiguresSql,
  dayStartSql,
} from "./day-figures.ts";
import { periodFigures } from "./period-figures.ts";
import { everPlacedSql, refundedAfterDeliverySql } from "./placed-orders.ts";

/** The longest period the breakdowns cover; days before it feed only the chart. */
const PERIOD_DAYS = 30;

/**
 * The sales manager's figures: closed days from `daily_order_figures`, the days after the last
 * rolled-up one (today, and yesterday until housekeeping has reached it) counted live from the
 * orders placed on them.
 */
export async function salesSummary(
  db: Database,
  range: ChartRange,
  now: Date = new Date(),
): Promise<SalesSummary> {
  const today = shopDate(now);
  const chartFrom = addDays(today, -(Math.max(range, PERIOD_DAYS) - 1));
  const periodFrom = addDays(today, -(PERIOD_DAYS - 1));
  // The rollup's reach first, as a value: the live query's lower bound must be one the planner
  // sees, or it guesses a third of all orders and scans them (decision 22).
  const [covered] = rowsOf<{ through: string | null }>(
    await db.execute(sql`
      select max(day)::text as through from daily_order_figures where day < ${today}::date`),
  );
  const rolledUpThrough = covered?.through ?? null;
  const through =
    rolledUpThrough && rolledUpThrough >= chartFrom ? rolledUpThrough : addDays(chartFrom, -1);
  const liveFrom = addDays(through, 1);

  const [rolled, live, hours, names] = await Promise.all([
    // Breakdowns only for the days the periods cover: the chart needs totals alone.
    through >= chartFrom
      ? db.execute(sql`
          select day::text as day, orders, cancelled, revenue_paise, delivered, delivered_on_time,
            case when day >= ${periodFrom}::date then payment_methods end as payment_methods,
            case when day >= ${periodFrom}::date then cancel_reasons end as cancel_reasons,
            case when day >= ${periodFrom}::date then products end as products,
            case when day >= ${periodFrom}::date then state_minutes end as state_minutes,
            event_orders, event_revenue_paise
          from daily_order_figures
          where day >= ${chartFrom}::date and day <= ${through}::date`)
      : Promise.resolve({ rows: [] }),
    db.execute(sql`select ${DAY_FIGURES_COLUMNS} from (${dayFiguresSql(liveFrom, today)}) f`),
    db.execute(sql`
      select extract(hour from o.placed_at at time zone ${SHOP_TIME_ZONE})::integer as hour,
        count(*) filter (where o.status <> 'cancelled')::integer as orders,
        coalesce(sum(o.total_paise - ${refundedAfterDeliverySql()})
          filter (where o.status <> 'cancelled'), 0)::bigint as revenue
      from orders o
      where o.placed_at >= ${dayStartSql(today)}
        and o.placed_at < ${dayStartSql(addDays(today, 1))} and ${everPlacedSql()}
      group by 1`),
    db.execute(sql`select id, name, unit from products`),
  ]);

  const days: DayFigures[] = [...rowsOf<DayFiguresRow>(rolled), ...rowsOf<DayFiguresRow>(live)].map(
    dayFiguresOf,
  );
  const byDay = new Map(days.map((day) => [day.day, day]));
  const productNames = new Map(
    rowsOf<{ id: string; name: string; unit: string }>(names).map((row) => [row.id, row]),
  );
  const nameOf = (id: string) => productNames.get(id) ?? { name: id, unit: "each" };
  const period = (from: string) => periodFigures(days, from, today, nameOf);
  const yesterday = addDays(today, -1);

  const daily: SalesSummary["daily"] = [];
  for (let day = addDays(today, -(range - 1)); day <= today; day = addDays(day, 1)) {
    const figures = byDay.get(day);
    daily.push({ day, orders: figures?.orders ?? 0, revenuePaise: figures?.revenuePaise ?? 0 });
  }
  const hourRows = new Map(
    rowsOf<{ hour: number; orders: number; revenue: number | string }>(hours).map((row) => [
      Number(row.hour),
      row,
    ]),
  );
  const hourly = Array.from({ length: 24 }, (_, hour) => ({
    hour,
    orders: Number(hourRows.get(hour)?.orders ?? 0),
    revenuePaise: Number(hourRows.get(hour)?.revenue ?? 0),
  }));

  return {
    today,
    rolledUpThrough,
    periods: {
      today: period(today),
      yesterday: periodFigures(days, yesterday, yesterday, nameOf),
      last7Days: period(addDays(today, -6)),
      last30Days: period(periodFrom),
    },
    range,
    daily,
    hourly,
  };
}
