// What waits for a staff member's dashboard: the count the tab title carries, and the things
// worth a notification (a new order, an order at risk of lateness, a ticket near its reply
// promise, a new bulk request, a refund request), each under a key that never changes, so a
// browser notifies each once and the on-duty digest mails each once.
import { z } from "zod";

export const STAFF_ALERTS_PATH = "/api/staff/alerts";

export const ALERT_KINDS = [
  "new_order",
  "order_at_risk",
  "refund_request",
  "ticket_due_soon",
  "new_bulk_request",
] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

/** A ticket whose reply is due within this many hours (or overdue) is near its promise. */
export const TICKET_DUE_SOON_HOURS = 2;
/** With no dashboard of a role open this long, its alerts go to the member on duty by email. */
export const DIGEST_AFTER_MINUTES = 10;
/** One digest per dashboard at most this often. */
export const DIGEST_EVERY_MINUTES = 15;

export const staffAlertSchema = z.object({
  key: z.string(),
  kind: z.enum(ALERT_KINDS),
  /** The one line a notification or a digest shows. */
  text: z.string(),
  /** When the thing happened (the order placed, the reply due, ...). */
  at: z.string(),
});
export type StaffAlert = z.infer<typeof staffAlertSchema>;

export const staffAlertsSchema = z.object({
  /** What waits for this dashboard now: the tab title counts it. */
  waiting: z.number().int(),
  alerts: z.array(staffAlertSchema),
  now: z.string(),
});
export type StaffAlerts = z.infer<typeof staffAlertsSchema>;
