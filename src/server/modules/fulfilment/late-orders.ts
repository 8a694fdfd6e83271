import { sql } from "drizzle-orm";
import { SHOP_TIME_ZONE, shopDate } from "../../../shared/rules/bulk-delivery-date.ts";
import { PROMISED_MINUTES } from "../../../shared/rules/order-fulfilment.ts";
import { type Database, rowsOf } from "../../db/client.ts";

/**
 * Orders (aliased `o`) past their promise and not delivered: the board's "Late" filter. A shop
 * order's promise is 60 minutes; an event order's, the end of its India day.
 */
export function lateOrdersCondition(now: Date) {
  const promisedBy = new Date(now.getTime() - PROMISED_MINUTES * 60_000);
  return sql`o.status not in ('delivered', 'cancelled', 'awaiting_payment')
    and case when o.event_ticket is null
      then o.placed_at < ${promisedBy.toISOString()}::timestamptz
      else (o.placed_at at time zone ${SHOP_TIME_ZONE})::date < ${shopDate(now)}::date end`;
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
