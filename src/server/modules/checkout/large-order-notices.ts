// Orders that took a large share of a product's stock (shared/rules/large-order-share.ts): the
// rows are written by the order's own statement, and the Sales and Inventory dashboards list them.
import { desc, eq, gt, type SQL, sql } from "drizzle-orm";
import {
  LARGE_ORDER_DASHBOARDS,
  type LargeOrderNotice,
} from "../../../shared/contracts/large-orders.ts";
import { LIVE_TOPICS } from "../../../shared/contracts/live-topics.ts";
import {
  LARGE_ORDER_NOTICE_HOURS,
  LARGE_ORDER_NOTICES_SHOWN,
  LARGE_SHARE_MIN_UNITS,
  LARGE_SHARE_PERCENT,
} from "../../../shared/rules/large-order-share.ts";
import { GRAMS_PER_KG, WEIGHT_UNITS } from "../../../shared/rules/measure.ts";
import type { Database } from "../../db/client.ts";
import { STAFF_CHANNEL, type StaffEvent } from "../live/index.ts";
import { orderLines, orders } from "../orders/schema.ts";
import { largeOrderNotices } from "./schema.ts";

/** What the NOTIFY of an order's large share tells both dashboards. */
export const largeOrderNoticeEvent = (orderNumber: string) =>
  JSON.stringify({
    topic: LIVE_TOPICS.largeOrders,
    dashboards: [...LARGE_ORDER_DASHBOARDS],
    id: orderNumber,
  } satisfies StaffEvent);

/**
 * CTEs for the order's statement (write-order.ts), after its `placed`, `taken` (each product's id
 * and the stock it left) and `wanted` (id, quantity): one notice per line that took more than the
 * set share of what was on hand before it, and one NOTIFY to both dashboards if there was any.
 * The NOTIFY's CTE runs only if the statement's final SELECT reads it: `told` does. `event` is
 * largeOrderNoticeEvent's text, or the parameter that carries it (the statement is made once).
 */
export function largeOrderNoticeParts(event: string | SQL) {
  return {
    ctes: sql`,
    large_share as (
      insert into large_order_notices (order_id, product_id, quantity, stock_before)
      select placed.id, t.id, w.quantity, t.stock + w.quantity
      from taken t join wanted w on w.id = t.id, placed
      where w.quantity >= ${LARGE_SHARE_MIN_UNITS}::integer
          * (case when t.unit = ${WEIGHT_UNITS[0]} then ${GRAMS_PER_KG}::integer else 1 end)
        and w.quantity * 100 > (t.stock + w.quantity) * ${LARGE_SHARE_PERCENT}::integer
      returning 1
    ),
    large_share_told as (
      select pg_notify(${STAFF_CHANNEL}, ${event}) where exists (select 1 from large_share)
    )`,
    told: sql`(select count(*) from large_share_told)`,
  };
}

/** The latest notices, newest first, with the product as the order's line names it. */
export async function readLargeOrderNotices(
  db: Database,
  now = new Date(),
): Promise<LargeOrderNotice[]> {
  const since = new Date(now.getTime() - LARGE_ORDER_NOTICE_HOURS * 60 * 60 * 1000);
  const rows = await db
    .select({
      orderNumber: orders.orderNumber,
      productId: largeOrderNotices.productId,
      productName: orderLines.name,
      unit: orderLines.unit,
      quantity: largeOrderNotices.quantity,
      stockBefore: largeOrderNotices.stockBefore,
      at: orders.placedAt,
    })
    .from(largeOrderNotices)
    .innerJoin(orders, eq(orders.id, largeOrderNotices.orderId))
    .innerJoin(
      orderLines,
      sql`${orderLines.orderId} = ${largeOrderNotices.orderId} and ${orderLines.productId} = ${largeOrderNotices.productId}`,
    )
    .where(gt(largeOrderNotices.createdAt, since))
    .orderBy(desc(largeOrderNotices.createdAt), desc(largeOrderNotices.id))
    .limit(LARGE_ORDER_NOTICES_SHOWN);
  return rows.map((row) => ({ ...row, at: new Date(row.at).toISOString() }));
}
