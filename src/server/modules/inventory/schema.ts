import { sql } from "drizzle-orm";
import {
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from "drizzle-orm/pg-core";

// Money is integer paise; GST rates are basis points.

export const categories = pgTable("categories", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  description: text("description").notNull(),
  image: text("image").notNull(),
  position: integer("position").notNull().default(0),
});

export const products = pgTable(
  "products",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    categoryId: text("category_id")
      .notNull()
      .references(() => categories.id),
    pricePaise: integer("price_paise").notNull(),
    unit: text("unit").notNull(),
    image: text("image").notNull(),
    description: text("description").notNull(),
    organic: boolean("organic").notNull().default(true),
    local: boolean("local").notNull().default(true),
    inSeason: boolean("in_season").notNull().default(true),
    featured: boolean("featured").notNull().default(false),
    stock: integer("stock").notNull().default(0),
    gstRateBps: integer("gst_rate_bps").notNull().default(0),
    hsnCode: text("hsn_code").notNull(),
    position: integer("position").notNull().default(0),
    /** Below this many units the inventory dashboard flags the product as low. */
    lowStockThreshold: integer("low_stock_threshold").notNull().default(10),
    /** Raised by every edit: a save made against an older version is refused, not applied. */
    version: integer("version").notNull().default(1),
    /** Archived products leave the shop but stay on past orders and invoices. */
    archivedAt: timestamp("archived_at", { withTimezone: true }),
    /** The uploaded photo's content hash (its WebP sizes are served from the photo folder). */
    photo: text("photo"),
    /** The harvest date of the latest receipt, shown to shoppers while it is in stock. */
    harvestedOn: date("harvested_on"),
    /** What a unit cost at the latest receipt that said so (stock value at cost). */
    unitCostPaise: integer("unit_cost_paise"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("products_category_idx").on(table.categoryId),
    check("products_stock_nonnegative", sql`${table.stock} >= 0`),
    check("products_price_nonnegative", sql`${table.pricePaise} >= 0`),
    check("products_low_stock_threshold_nonnegative", sql`${table.lowStockThreshold} >= 0`),
    check("products_gst_rate_valid", sql`${table.gstRateBps} between 0 and 10000`),
  ],
);

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
