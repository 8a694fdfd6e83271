import { sql } from "drizzle-orm";
import { index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { supportTickets } from "./support.ts";

/**
 * A message from the home page's feedback form. Customer Relations marks it read, and answering
 * it opens a support conversation (`ticketId`) with the sender.
 */
export const feedback = pgTable(
  "feedback",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    message: text("message").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp("read_at", { withTimezone: true }),
    readBy: text("read_by"),
    ticketId: integer("ticket_id").references(() => supportTickets.id),
  },
  (table) => [
    index("feedback_created_idx").on(table.createdAt, table.id),
    index("feedback_unread_idx").on(table.id).where(sql`${table.readAt} is null`),
  ],
);
