// Bulk requests waiting for the desk's review: each is worth a notification once.
import { asc, eq } from "drizzle-orm";
import type { StaffAlert } from "../../../shared/contracts/staff-alerts.ts";
import { formatIndiaDay } from "../../../shared/rules/harvest-date.ts";
import { ALERT_TEXT } from "../../../shared/rules/staff-alert-texts.ts";
import type { Database } from "../../db/client.ts";
import { bulkOrders } from "./schema.ts";

export async function bulkAlerts(db: Database): Promise<{ waiting: number; alerts: StaffAlert[] }> {
  const rows = await db
    .select({
      ticketId: bulkOrders.ticketId,
      deliveryDate: bulkOrders.deliveryDate,
      createdAt: bulkOrders.createdAt,
    })
    .from(bulkOrders)
    .where(eq(bulkOrders.status, "awaiting_review"))
    .orderBy(asc(bulkOrders.createdAt));
  return {
    waiting: rows.length,
    alerts: rows.map((row) => ({
      key: `bulk:${row.ticketId}:new`,
      kind: "new_bulk_request",
      text: ALERT_TEXT.newBulkRequest(row.ticketId, formatIndiaDay(row.deliveryDate)),
      at: row.createdAt.toISOString(),
    })),
  };
}
