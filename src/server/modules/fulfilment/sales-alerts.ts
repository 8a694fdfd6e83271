// What waits for the Sales Manager: orders not yet confirmed, orders at risk of lateness (placed
// more than AT_RISK_AFTER_MINUTES ago and not yet out of the store), and refund requests.
import { sql } from "drizzle-orm";
import type { StaffAlert } from "../../../shared/contracts/staff-alerts.ts";
import { AT_RISK_AFTER_MINUTES } from "../../../shared/rules/order-fulfilment.ts";
import { ALERT_TEXT } from "../../../shared/rules/staff-alert-texts.ts";
import { type Database, rowsOf } from "../../db/client.ts";

type Row = {
  kind: "new_order" | "order_at_risk" | "refund_request";
  subject: string;
  key: string;
  at: string | Date;
  total_paise: number | null;
  ticket: string | null;
};

export async function salesAlerts(
  db: Database,
  now: Date,
): Promise<{ waiting: number; alerts: StaffAlert[] }> {
  const riskFrom = new Date(now.getTime() - AT_RISK_AFTER_MINUTES * 60_000);
  const rows = rowsOf<Row>(
    await db.execute(sql`
      select 'new_order' as kind, o.order_number as subject,
        'order:' || o.order_number || ':new' as key, o.placed_at as at, o.total_paise,
        null as ticket
      from orders o where o.status = 'placed'
      union all
      select 'order_at_risk', o.order_number, 'order:' || o.order_number || ':at-risk',
        o.placed_at, null, null
      from orders o
      where o.status in ('placed', 'confirmed', 'packed')
        and o.placed_at <= ${riskFrom.toISOString()}::timestamptz
        and o.event_ticket is null
      union all
      select 'refund_request', o.order_number, 'refund-request:' || q.id, q.created_at, null,
        q.ticket_reference
      from refund_requests q join orders o on o.id = q.order_id
      where q.state = 'open'
      order by at, key`),
  );
  const alerts = rows.map((row): StaffAlert => {
    const at = new Date(row.at);
    const text =
      row.kind === "new_order"
        ? ALERT_TEXT.newOrder(row.subject, Number(row.total_paise))
        : row.kind === "order_at_risk"
          ? ALERT_TEXT.atRisk(row.subject, Math.floor((now.getTime() - at.getTime()) / 60_000))
          : ALERT_TEXT.refundRequest(row.subject, row.ticket ?? "");
    return { key: row.key, kind: row.kind, text, at: at.toISOString() };
  });
  // An order new and at risk at once waits once.
  const waiting = new Set(
    rows.map((row) => (row.kind === "refund_request" ? row.key : `order:${row.subject}`)),
  ).size;
  return { waiting, alerts };
}
