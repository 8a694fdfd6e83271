// Money is integer paise; GST rates are basis points.
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
} from "drizzle-orm/pg-core";

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
