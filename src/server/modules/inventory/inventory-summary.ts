import { sql } from "drizzle-orm";
import type { InventorySummary } from "../../../shared/contracts/inventory.ts";
import { addDays, shopDate } from "../../../shared/rules/bulk-delivery-date.ts";
import { GRAMS_PER_KG, WEIGHT_UNITS } from "../../../shared/rules/measure.ts";
import { itemsIn } from "../../../shared/rules/order-quantity.ts";
import { type Database, rowsOf } from "../../db/client.ts";
import { readSteps } from "./product-units.ts";
import { dayStart, salesSince } from "./sales-figures.ts";

const CHART_DAYS = 14;

/**
 * Grams to kilos and units to units: a weighed product's cost is per kilogram, like its price,
 * and figures across products count a kilo as one.
 */
const perUnit = sql.raw(
  `(case when p.unit = '${WEIGHT_UNITS[0]}' then ${GRAMS_PER_KG}.0 else 1 end)`,
);

/** The figures at the top of the inventory dashboard. */
export async function inventorySummary(
  db: Database,
  now: Date = new Date(),
): Promise<InventorySummary> {
  const today = shopDate(now);
  const from = addDays(today, -(CHART_DAYS - 1));
  const weekFrom = addDays(today, -6);
  const [stockRows, lotRows, costRows, sales] = await Promise.all([
    db.execute(sql`
      select
        count(*) filter (where archived_at is null)::integer as active,
        count(*) filter (where archived_at is null and stock > low_stock_threshold)::integer as in_stock,
        count(*) filter (where archived_at is null and stock > 0 and stock <= low_stock_threshold)::integer as low,
        count(*) filter (where archived_at is null and stock = 0)::integer as out_of_stock,
        count(*) filter (where archived_at is not null)::integer as archived,
        coalesce(sum(stock::bigint * price_paise) filter (where archived_at is null), 0)::bigint as at_price
      from products`),
    // Each lot at its own cost; the lots of archived products are off the shop's books.
    db.execute(sql`
      select
        coalesce(round(sum(l.remaining::bigint * l.unit_cost_paise / ${perUnit})), 0)::bigint as at_cost,
        coalesce(round(sum(l.remaining / ${perUnit}) filter (where l.unit_cost_paise is null)), 0)::integer as uncosted,
        count(*) filter (where lot_expired(l.best_before, l.checked_at))::integer as expired_lots
      from stock_lots l join products p on p.id = l.product_id
      where l.remaining > 0 and p.archived_at is null`),
    // What the week's orders took from the lots, net of what came back to them (first in, first
    // out, so each unit at the cost of the lot it came from).
    // The week's orders are a few thousand of a year's; each one's lot moves are found by its
    // index ("offset 0" keeps the planner from scanning every lot move the shop ever made).
    db.execute(sql`
      with taken as (
        select m.lot_id, sum(-m.quantity::bigint) as quantity
        from orders o
        cross join lateral (
          select m.lot_id, m.quantity from stock_lot_moves m
          where m.order_id = o.id and m.kind in ('sale', 'cancellation', 'refund')
          offset 0
        ) m
        where o.placed_at >= ${dayStart(weekFrom)}
          and o.status not in ('cancelled', 'awaiting_payment')
        group by m.lot_id
      )
      select
        coalesce(round(sum(t.quantity * l.unit_cost_paise / ${perUnit})), 0)::bigint as cost,
        coalesce(round(sum(t.quantity / ${perUnit}) filter (where l.unit_cost_paise is null)), 0)::integer as uncosted
      from taken t
      join stock_lots l on l.id = t.lot_id
      join products p on p.id = l.product_id`),
    salesSince(db, from, now),
  ]);
  const steps = await readSteps(db, [...new Set(sales.map((sale) => sale.productId))]);
  const [row] = rowsOf<Record<string, number | string>>(stockRows);
  const [lots] = rowsOf<Record<string, number | string>>(lotRows);
  const [cost] = rowsOf<Record<string, number | string>>(costRows);
  const n = (key: string) => Number(row?.[key] ?? 0);
  const byDay = new Map<string, { units: number; revenuePaise: number }>();
  for (let day = from; day <= today; day = addDays(day, 1)) {
    byDay.set(day, { units: 0, revenuePaise: 0 });
  }
  for (const sale of sales) {
    const entry = byDay.get(sale.day);
    if (!entry) continue;
    // Across products, a kilo counts as one, like a bunch or a dozen.
    entry.units += itemsIn(sale.units, steps.get(sale.productId)?.unit ?? "each");
    entry.revenuePaise += sale.revenuePaise;
  }
  const daily = [...byDay].map(([day, entry]) => ({ day, ...entry }));
  const week = daily.filter((d) => d.day >= weekFrom);
  return {
    today,
    products: {
      active: n("active"),
      inStock: n("in_stock"),
      low: n("low"),
      outOfStock: n("out_of_stock"),
      archived: n("archived"),
    },
    stockValue: {
      atPricePaise: n("at_price"),
      atCostPaise: Number(lots?.at_cost ?? 0),
      uncostedUnits: Number(lots?.uncosted ?? 0),
    },
    expiredLots: Number(lots?.expired_lots ?? 0),
    margin: {
      revenuePaise: week.reduce((sum, d) => sum + d.revenuePaise, 0),
      costPaise: Number(cost?.cost ?? 0),
      uncostedUnits: Number(cost?.uncosted ?? 0),
    },
    unitsSold: {
      today: byDay.get(today)?.units ?? 0,
      last7Days: week.reduce((sum, d) => sum + d.units, 0),
    },
    daily,
  };
}
