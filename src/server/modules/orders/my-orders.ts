import { desc, eq, sql } from "drizzle-orm";
import type { OrderSummary } from "../../../shared/contracts/orders.ts";
import type { Database } from "../../db/client.ts";
import { lineItemsSql } from "./line-items.ts";
import { orderLines, orders } from "./schema.ts";
import { statusAtSql } from "./status-at.ts";

/** How many of a customer's orders the list shows, newest first. */
const LIST_LIMIT = 100;

export async function listCustomerOrders(
  db: Database,
  customerId: string,
): Promise<OrderSummary[]> {
  const rows = await db
    .select({
      orderNumber: orders.orderNumber,
      placedAt: orders.placedAt,
      status: orders.status,
      statusAt: sql<Date>`${statusAtSql('"orders"')}`,
      paymentStatus: orders.paymentStatus,
      totalPaise: orders.totalPaise,
      itemCount: sql<number>`coalesce(sum(${lineItemsSql("order_lines")}), 0)::integer`,
      creditNotes: sql<string[]>`coalesce((select json_agg(cn.number order by cn.id)
        from credit_notes cn where cn.order_id = ${orders.id}), '[]'::json)`,
    })
    .from(orders)
    .leftJoin(orderLines, eq(orderLines.orderId, orders.id))
    .where(eq(orders.customerId, customerId))
    .groupBy(orders.id)
    .orderBy(desc(orders.placedAt), desc(orders.id))
    .limit(LIST_LIMIT);
  return rows.map((row) => ({
    ...row,
    placedAt: new Date(row.placedAt).toISOString(),
    statusAt: new Date(row.statusAt).toISOString(),
    itemCount: Number(row.itemCount),
  }));
}
