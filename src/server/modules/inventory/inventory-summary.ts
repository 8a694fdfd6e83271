import { sql } from "drizzle-orm";
import type { InventorySummary } from "../../../shared/contracts/inventory.ts";
import { addDays, shopDate } from "../../../shared/rules/bulk-delivery-date.ts";
import { type Database, rowsOf } from "../../db/client.ts";
import { salesSince } from "./sales-figures.ts";

const CHART_DAYS = 14;

/** The figures at the top of the inventory dashboard. */
export async function inventorySummary(
  db: Database,
  now: Date = new Date(),
): Promise<InventorySummary> {
  const today = shopDate(now);
  const from = addDays(today, -(CHART_DAYS - 1));
  const [stockRows, sales] = await Promise.all([
    db.execute(sql`
      select
        count(*) filter (where archived_at is null)::integer as active,
        count(*) filter (where archived_at is null and stock > low_stock_threshold)::integer as in_stock,
        count(*) filter (where archived_at is null and stock > 0 and stock <= low_stock_threshold)::integer as low,
        count(*) filter (where archived_at is null and stock = 0)::integer as out_of_stock,
        count(*) filter (where archived_at is not null)::integer as archived,
        coalesce(sum(stock::bigint * price_paise) filter (where archived_at is null), 0)::bigint as at_price,
        coalesce(sum(stock::bigint * unit_cost_paise) filter (where archived_at is null), 0)::bigint as at_cost,
        coalesce(sum(stock) filter (where archived_at is null and unit_cost_paise is null), 0)::integer as uncosted
      from products`),
    salesSince(db, from, now),
  ]);
  const [row] = rowsOf<Record<string, number | string>>(stockRows);
  const n = (key: string) => Number(row?.[key] ?? 0);
  const byDay = new Map<string, { units: number; revenuePaise: number }>();
  for (let day = from; day <= today; day = addDays(day, 1)) {
    byDay.set(day, { units: 0, revenuePaise: 0 });
  }
  for (const sale of sales) {
    const entry = byDay.get(sale.day);
    if (!entry) continue;
    entry.units += sale.units;
    entry.revenuePaise += sale.revenuePaise;
  }
  const daily = [...byDay].map(([day, entry]) => ({ day, ...entry }));
  const weekFrom = addDays(today, -6);
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
      atCostPaise: n("at_cost"),
      uncostedUnits: n("uncosted"),
    },
    unitsSold: {
      today: byDay.get(today)?.units ?? 0,
      last7Days: daily.filter((d) => d.day >= weekFrom).reduce((sum, d) => sum + d.units, 0),
    },
    daily,
  };
}
