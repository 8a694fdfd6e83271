import { sql } from "drizzle-orm";
import { type LotSource, lotLabel } from "../../../shared/rules/stock-movement.ts";
import { type Database, rowsOf, type Transaction } from "../../db/client.ts";

export type LotTaken = { label: string; quantity: number };

/**
 * What some orders took from each lot of each product (their sales less what came back to the
 * lot), oldest lot first: the pick list's "take from".
 */
export async function readLotsTakenBy(
  db: Database | Transaction,
  orderIds: readonly number[],
): Promise<Map<string, LotTaken[]>> {
  const taken = new Map<string, LotTaken[]>();
  if (orderIds.length === 0) return taken;
  const rows = rowsOf<{
    product_id: string;
    source: LotSource;
    supplier: string | null;
    harvested_on: string | null;
    quantity: number | string;
  }>(
    await db.execute(sql`
      select m.product_id, l.source, l.supplier, l.harvested_on::text as harvested_on,
        -sum(m.quantity) as quantity
      from stock_lot_moves m
      join stock_lots l on l.id = m.lot_id
      where m.order_id in ${orderIds} and m.kind in ('sale', 'cancellation')
      group by m.product_id, l.id
      having sum(m.quantity) < 0
      order by m.product_id, l.id`),
  );
  for (const row of rows) {
    const lots = taken.get(row.product_id) ?? [];
    lots.push({
      label: lotLabel({
        source: row.source,
        supplier: row.supplier,
        harvestedOn: row.harvested_on,
      }),
      quantity: Number(row.quantity),
    });
    taken.set(row.product_id, lots);
  }
  return taken;
}
