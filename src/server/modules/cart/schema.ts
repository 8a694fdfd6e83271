import { sql } from "drizzle-orm";
import { check, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "../auth/schema.ts";
import { products } from "../inventory/schema.ts";

/** A signed-in customer's cart, so it follows them to every browser they sign in to. */
export const cartItems = pgTable(
  "cart_items",
  {
    customerId: text("customer_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    productId: text("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    quantity: integer("quantity").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.customerId, table.productId] }),
    check("cart_items_quantity_positive", sql`${table.quantity} > 0`),
  ],
);
