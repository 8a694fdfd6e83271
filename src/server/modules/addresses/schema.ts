import { sql } from "drizzle-orm";
import { boolean, index, pgTable, serial, text, uniqueIndex } from "drizzle-orm/pg-core";
import { moment } from "../../db/schema/columns.ts";
import { users } from "../auth/schema.ts";

/**
 * A customer's saved delivery addresses, offered at checkout. They go with the account: deleting
 * the customer deletes them. The database keeps at most one default per customer.
 */
export const customerAddresses = pgTable(
  "customer_addresses",
  {
    id: serial("id").primaryKey(),
    customerId: text("customer_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The customer's own name for it, e.g. "Home"; empty when they gave none. */
    label: text("label").notNull().default(""),
    address: text("address").notNull(),
    city: text("city").notNull(),
    state: text("state").notNull(),
    pincode: text("pincode").notNull(),
    isDefault: boolean("is_default").notNull().default(false),
    createdAt: moment("created_at").notNull().defaultNow(),
    updatedAt: moment("updated_at").notNull().defaultNow(),
  },
  (table) => [
    index("customer_addresses_customer_idx").on(table.customerId),
    uniqueIndex("customer_addresses_one_default_idx")
      .on(table.customerId)
      .where(sql`${table.isDefault}`),
  ],
);
