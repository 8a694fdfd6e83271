import { sql } from "drizzle-orm";
import type { InventorySummary } from "../../../shared/contracts/inventory.ts";
import { addDays, shopDate } from "../../../shared/rules/bulk-delivery-date.ts";
import { itemsIn } from "../../../shared/rules/order-quantity.ts";
import { type Database, rowsOf } from "../../db/client.ts";
import { readSteps } from "./product-units.ts";
import { costOfSalesSince, perUnit, salesSince } from "./sales-figures.ts";

const CHART_DAYS = 14;

/** The figures at the top of the inventory dashboard. */
export async function inventorySummary(
  db: Database,
  now: Date = new Date(),
): Promise<InventorySummary> {
  const today = shopDate(now);
  const from = addDays(today, -(CHART_DAYS - 1));
  const weekFrom = addDays(today, -6);
  const [stockRows, lotRows, cost, sales] = await Promise.all([
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
    costOfSalesSince(db, weekFrom, now),
    salesSince(db, from, now),
  ]);
  const steps = await readSteps(db, [...new Set(sales.map((sale) => sale.productId))]);
  const [row] = rowsOf<Record<string, number | string>>(stockRows);
  const [lots] = rowsOf<Record<string, number | string>>(lotRows);
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
      costPaise: cost.costPaise,
      uncostedUnits: cost.uncostedItems,
    },
    unitsSold: {
      today: byDay.get(today)?.units ?? 0,
      last7Days: week.reduce((sum, d) => sum + d.units, 0),
    },
    daily,
  };
}
