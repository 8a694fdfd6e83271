import { index, pgTable, serial, text } from "drizzle-orm/pg-core";
import { moment } from "./columns.ts";

/** A message from the contact form, kept until customer relations has answered it. */
export const supportTickets = pgTable(
  "support_tickets",
  {
    id: serial("id").primaryKey(),
    reference: text("reference").notNull().unique(),
    status: text("status").notNull().default("open"),
    queryType: text("query_type").notNull(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone").notNull(),
    orderNumber: text("order_number").notNull(),
    message: text("message").notNull(),
    customerId: text("customer_id"),
    createdAt: moment("created_at").notNull().defaultNow(),
    updatedAt: moment("updated_at").notNull().defaultNow(),
  },
  (table) => [
    index("support_tickets_customer_idx").on(table.customerId),
    index("support_tickets_created_idx").on(table.createdAt),
  ],
);
