import { sql } from "drizzle-orm";
import {
  bigserial,
  check,
  date,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from "drizzle-orm/pg-core";

/**
 * The stock ledger: every change to a product's stock is one row, with the stock it left.
 * Receipts, write-offs and count corrections come from the inventory manager; sales from the
 * order statement; cancellations and refunds from the sales dashboard.
 */
export const stockMovements = pgTable(
  "stock_movements",
  {
    id: bigserial("id", { mode: "number" }).notNull(),
    // No foreign key, like order_lines: products are archived, never deleted, and a checkout
    // would pay a key check per line for nothing.
    productId: text("product_id").notNull(),
    kind: text("kind").notNull(),
    /** The change to stock: positive in, negative out. */
    quantity: integer("quantity").notNull(),
    stockAfter: integer("stock_after").notNull(),
    /** Write-offs: spoiled, damaged or expired. */
    reason: text("reason"),
    note: text("note"),
    /** Receipts: the farm or supplier, the harvest date and what a unit cost. */
    supplier: text("supplier"),
    harvestedOn: date("harvested_on"),
    unitCostPaise: integer("unit_cost_paise"),
    orderId: integer("order_id"),
    staffId: text("staff_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // One index, which every ledger read uses: a checkout writes a row per line, and each
    // index more is work on every order.
    primaryKey({ name: "stock_movements_pkey", columns: [table.productId, table.id] }),
    check(
      "stock_movements_kind_valid",
      sql`${table.kind} in ('receipt', 'write_off', 'count', 'sale', 'cancellation', 'refund')`,
    ),
    check("stock_movements_stock_after_nonnegative", sql`${table.stockAfter} >= 0`),
    check(
      "stock_movements_unit_cost_nonnegative",
      sql`${table.unitCostPaise} is null or ${table.unitCostPaise} >= 0`,
    ),
  ],
);

/**
 * Units sold and takings per product per India day, for days that have ended: the dashboards
 * read these and count only today live (housekeeping fills them once a day has closed).
 */
export const dailyProductSales = pgTable(
  "daily_product_sales",
  {
    day: date("day").notNull(),
    productId: text("product_id").notNull(),
    units: integer("units").notNull(),
    revenuePaise: integer("revenue_paise").notNull(),
  },
  (table) => [primaryKey({ columns: [table.day, table.productId] })],
);
