import { index, integer, pgTable, primaryKey, serial, text } from "drizzle-orm/pg-core";
import { moment } from "../../db/schema/columns.ts";

/** When a dashboard of each role last asked for its alerts: an open dashboard asks every minute. */
export const staffPresence = pgTable("staff_presence", {
  dashboard: text("dashboard").primaryKey(),
  seenAt: moment("seen_at").notNull(),
});

/** The alerts already mailed to a role's member on duty: each goes in one digest only. */
export const staffAlertMails = pgTable(
  "staff_alert_mails",
  {
    dashboard: text("dashboard").notNull(),
    key: text("key").notNull(),
    mailedAt: moment("mailed_at").notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.dashboard, table.key] }),
    index("staff_alert_mails_mailed_idx").on(table.mailedAt),
  ],
);

/** Each digest sent: at most one per dashboard every DIGEST_EVERY_MINUTES. */
export const staffAlertDigests = pgTable(
  "staff_alert_digests",
  {
    id: serial("id").primaryKey(),
    dashboard: text("dashboard").notNull(),
    sentAt: moment("sent_at").notNull().defaultNow(),
    alerts: integer("alerts").notNull(),
  },
  (table) => [index("staff_alert_digests_dashboard_idx").on(table.dashboard, table.sentAt)],
);
