import { index, integer, pgTable, serial, text } from "drizzle-orm/pg-core";
import { moment } from "../../db/schema/columns.ts";
import { orders } from "../orders/schema.ts";

/**
 * An order that took a large share of a product's stock (shared/rules/large-order-share.ts), told
 * to the Sales and Inventory dashboards; written in the order's own statement.
 */
export const largeOrderNotices = pgTable(
  "large_order_notices",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    productId: text("product_id").notNull(),
    quantity: integer("quantity").notNull(),
    /** Units on hand just before the order took its own. */
    stockBefore: integer("stock_before").notNull(),
    createdAt: moment("created_at").notNull().defaultNow(),
  },
  (table) => [index("large_order_notices_created_idx").on(table.createdAt)],
);
