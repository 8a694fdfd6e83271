import { index, pgTable, serial, text, uniqueIndex } from "drizzle-orm/pg-core";
import { moment } from "./columns.ts";

/**
 * Every webhook event the store has acted on, by the provider's id: the provider delivers an
 * event again until it hears 200, and the same event twice must change nothing.
 */
export const paymentEvents = pgTable(
  "payment_events",
  {
    id: serial("id").primaryKey(),
    gateway: text("gateway").notNull(),
    eventId: text("event_id").notNull(),
    type: text("type").notNull(),
    /** The payment or refund the event was about. */
    subject: text("subject"),
    receivedAt: moment("received_at").notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("payment_events_once_idx").on(table.gateway, table.eventId),
    index("payment_events_received_idx").on(table.receivedAt),
  ],
);
