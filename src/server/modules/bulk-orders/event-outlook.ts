// Inventory's outlook: each coming day's event orders and what they need of each product. A quote
// awaiting its advance counts as held (the planner may be paying); from the advance on (or an
// approved cash-on-delivery quote) the need is promised. Shortfalls add up day by day, since the
// stock on hand now serves the first event before the next.
import { and, asc, eq, gte, inArray, lte } from "drizzle-orm";
import { EVENT_OUTLOOK_DAYS, type EventOutlook } from "../../../shared/contracts/event-outlook.ts";
import { addDays, shopDate } from "../../../shared/rules/bulk-delivery-date.ts";
import type { BulkStatus } from "../../../shared/rules/bulk-order-status.ts";
import type { EventType } from "../../../shared/rules/event-types.ts";
import type { Database, Transaction } from "../../db/client.ts";
import { products } from "../inventory/schema.ts";
import { bulkOrderLines, bulkOrders } from "./schema.ts";

/** The states whose lines the shop plans stock for. */
export const PLANNED_STATUSES = ["awaiting_payment", "advance_paid", "confirmed"] as const;

const promised = (status: string, codApproved: boolean) =>
  status !== "awaiting_payment" || codApproved;

export async function readEventOutlook(
  db: Database | Transaction,
  now = new Date(),
): Promise<EventOutlook> {
  const today = shopDate(now);
  const last = addDays(today, EVENT_OUTLOOK_DAYS - 1);
  const rows = await db
    .select({
      ticketId: bulkOrders.ticketId,
      eventType: bulkOrders.eventType,
      status: bulkOrders.status,
      codApproved: bulkOrders.codApproved,
      date: bulkOrders.deliveryDate,
      productId: bulkOrderLines.productId,
      name: bulkOrderLines.name,
      unit: bulkOrderLines.unit,
      quantity: bulkOrderLines.quantity,
    })
    .from(bulkOrders)
    .innerJoin(bulkOrderLines, eq(bulkOrderLines.bulkOrderId, bulkOrders.id))
    .where(
      and(
        inArray(bulkOrders.status, [...PLANNED_STATUSES]),
        gte(bulkOrders.deliveryDate, today),
        lte(bulkOrders.deliveryDate, last),
      ),
    )
    .orderBy(asc(bulkOrders.deliveryDate), asc(bulkOrders.id), asc(bulkOrderLines.position));
  const ids = [...new Set(rows.map((row) => row.productId))];
  const stock = new Map(
    ids.length === 0
      ? []
      : (
          await db
            .select({ id: products.id, stock: products.stock })
            .from(products)
            .where(inArray(products.id, ids))
        ).map((product) => [product.id, product.stock]),
  );
  const days: EventOutlook["days"] = [];
  const neededSoFar = new Map<string, number>();
  for (const row of rows) {
    let day = days.at(-1);
    if (day?.date !== row.date) {
      day = { date: row.date, orders: [], lines: [] };
      days.push(day);
    }
    if (!day.orders.some((order) => order.ticketId === row.ticketId)) {
      day.orders.push({
        ticketId: row.ticketId,
        eventType: row.eventType as EventType,
        status: row.status as BulkStatus,
      });
    }
    let line = day.lines.find((candidate) => candidate.productId === row.productId);
    if (!line) {
      line = {
        productId: row.productId,
        name: row.name,
        unit: row.unit,
        committed: 0,
        quoted: 0,
        stock: stock.get(row.productId) ?? 0,
        shortBy: 0,
      };
      day.lines.push(line);
    }
    if (promised(row.status, row.codApproved)) line.committed += row.quantity;
    else line.quoted += row.quantity;
    const needed = (neededSoFar.get(row.productId) ?? 0) + row.quantity;
    neededSoFar.set(row.productId, needed);
    line.shortBy = Math.max(0, needed - line.stock);
  }
  return { days };
}
