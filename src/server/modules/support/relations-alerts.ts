// What waits for Customer Relations' tickets: every open ticket counts; one whose reply is due
// within TICKET_DUE_SOON_HOURS (or overdue) is worth a notification.
import { sql } from "drizzle-orm";
import { type StaffAlert, TICKET_DUE_SOON_HOURS } from "../../../shared/contracts/staff-alerts.ts";
import { ALERT_TEXT } from "../../../shared/rules/staff-alert-texts.ts";
import { type Database, rowsOf } from "../../db/client.ts";

export async function ticketAlerts(
  db: Database,
  now: Date,
): Promise<{ waiting: number; alerts: StaffAlert[] }> {
  const dueBy = new Date(now.getTime() + TICKET_DUE_SOON_HOURS * 3_600_000);
  const [counted] = rowsOf<{ open: number }>(
    await db.execute(
      sql`select count(*)::integer as open from support_tickets where status = 'open'`,
    ),
  );
  const due = rowsOf<{ reference: string; reply_due_at: string | Date }>(
    await db.execute(sql`
      select reference, reply_due_at from support_tickets
      where status = 'open' and reply_due_at <= ${dueBy.toISOString()}::timestamptz
      order by reply_due_at, id`),
  );
  return {
    waiting: Number(counted?.open ?? 0),
    alerts: due.map((ticket) => {
      const at = new Date(ticket.reply_due_at);
      return {
        key: `ticket:${ticket.reference}:due`,
        kind: "ticket_due_soon",
        text: ALERT_TEXT.ticketDueSoon(ticket.reference, at <= now),
        at: at.toISOString(),
      };
    }),
  };
}
