import { sql } from "drizzle-orm";
import { PROMISED_MINUTES } from "../../../shared/rules/order-fulfilment.ts";
import { type Database, rowsOf } from "../../db/client.ts";

/** Orders (aliased `o`) past the 60-minute promise and not delivered: the board's "Late" filter. */
export function lateOrdersCondition(now: Date) {
  const promisedBy = new Date(now.getTime() - PROMISED_MINUTES * 60_000);
  return sql`o.status not in ('delivered', 'cancelled', 'awaiting_payment')
    and o.placed_at < ${promisedBy.toISOString()}::timestamptz`;
}

/** How many orders are late now (for the metrics and their alert). */
export async function countLateOrders(db: Database, now = new Date()): Promise<number> {
  const [row] = rowsOf<{ late: number }>(
    await db.execute(
      sql`select count(*)::int as late from orders o where ${lateOrdersCondition(now)}`,
    ),
  );
  return Number(row?.late ?? 0);
}
