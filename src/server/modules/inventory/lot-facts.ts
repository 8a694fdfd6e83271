import { sql } from "drizzle-orm";
import { type Database, rowsOf, type Transaction } from "../../db/client.ts";

/** What a product's lots say about the stock on its shelf. */
export type LotFacts = {
  /** The harvest date of the lot it is selling now (first in, first out), if recorded. */
  harvestedOn: string | null;
  /** What a unit of that lot cost, if recorded. */
  unitCostPaise: number | null;
  /** Units in lots past their best-before date: on the shelf, not for sale. */
  expired: number;
};

const NO_LOTS: LotFacts = { harvestedOn: null, unitCostPaise: null, expired: 0 };

type FactsRow = {
  product_id: string;
  harvested_on: string | null;
  unit_cost_paise: number | string | null;
  expired: number | string;
};

/** The lot facts of some products (all of them without ids), read in one statement. */
export async function readLotFacts(
  db: Database | Transaction,
  ids?: readonly string[],
): Promise<Map<string, LotFacts>> {
  const rows = rowsOf<FactsRow>(
    await db.execute(sql`
      select product_id,
        (array_agg(harvested_on::text order by id)
          filter (where not lot_expired(best_before, checked_at)))[1] as harvested_on,
        (array_agg(unit_cost_paise order by id)
          filter (where not lot_expired(best_before, checked_at)))[1] as unit_cost_paise,
        coalesce(sum(remaining) filter (where lot_expired(best_before, checked_at)), 0) as expired
      from stock_lots
      where remaining > 0 ${ids ? sql`and product_id in ${ids.length > 0 ? ids : [""]}` : sql``}
      group by product_id`),
  );
  return new Map(
    rows.map((row) => [
      row.product_id,
      {
        harvestedOn: row.harvested_on,
        unitCostPaise: row.unit_cost_paise === null ? null : Number(row.unit_cost_paise),
        expired: Number(row.expired),
      },
    ]),
  );
}

export const lotFactsOf = (facts: Map<string, LotFacts>, id: string): LotFacts =>
  facts.get(id) ?? NO_LOTS;
