import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
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
    /** The names and description in Odia and Hindi; null shows the English (decision 56). */
    nameOr: text("name_or"),
    nameHi: text("name_hi"),
    descriptionOr: text("description_or"),
    descriptionHi: text("description_hi"),
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
    /** In grams for a product sold by weight (unit kg), in units otherwise. */
    stock: integer("stock").notNull().default(0),
    /** What a shopper may buy, in grams or units: from `minimum` up in steps of `step`. */
    step: integer("step").notNull().default(1),
    minimum: integer("minimum").notNull().default(1),
    gstRateBps: integer("gst_rate_bps").notNull().default(0),
    hsnCode: text("hsn_code").notNull(),
    /** Where the picker finds it ("Cold room, shelf B2"); null when the shop has not said. */
    shelfLocation: text("shelf_location"),
    position: integer("position").notNull().default(0),
    /** Below this many grams or units the inventory dashboard flags the product as low. */
    lowStockThreshold: integer("low_stock_threshold").notNull().default(10),
    /** Raised by every edit: a save made against an older version is refused, not applied. */
    version: integer("version").notNull().default(1),
    /** Archived products leave the shop but stay on past orders and invoices. */
    archivedAt: timestamp("archived_at", { withTimezone: true }),
    /** The uploaded photo's content hash (its WebP sizes are served from the photo folder). */
    photo: text("photo"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("products_category_idx").on(table.categoryId),
    check("products_stock_nonnegative", sql`${table.stock} >= 0`),
    check("products_price_nonnegative", sql`${table.pricePaise} >= 0`),
    check("products_low_stock_threshold_nonnegative", sql`${table.lowStockThreshold} >= 0`),
    check("products_gst_rate_valid", sql`${table.gstRateBps} between 0 and 10000`),
    check("products_steps_valid", sql`${table.step} > 0 and ${table.minimum} > 0`),
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
    /** Receipts: the date after which the lot is not sold. */
    bestBefore: date("best_before"),
    /** A write-off or count that names the lot it takes from or puts back into. */
    lotId: bigint("lot_id", { mode: "number" }),
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
 * What is on the shelf, lot by lot: each receipt is a lot (farm, harvest date, cost, best-before),
 * and stock no receipt recorded (opening stock, a count that found more) is the product's
 * "unrecorded" lot. A product's stock is the sum of its lots' remaining quantities. The lots are
 * kept by the database (migration 0033's `keep_stock_lots`) from each row of the stock ledger, so
 * every path that moves stock keeps them, the order's one statement included.
 */
export const stockLots = pgTable(
  "stock_lots",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    productId: text("product_id").notNull(),
    /** `receipt` or `unrecorded`. */
    source: text("source").notNull(),
    supplier: text("supplier"),
    harvestedOn: date("harvested_on"),
    bestBefore: date("best_before"),
    unitCostPaise: integer("unit_cost_paise"),
    received: integer("received").notNull(),
    remaining: integer("remaining").notNull(),
    /** Past its best-before date, looked at by the inventory manager and let go on sale. */
    checkedAt: timestamp("checked_at", { withTimezone: true }),
    checkedBy: text("checked_by"),
    movementId: bigint("movement_id", { mode: "number" }),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("stock_lots_open_idx").on(table.productId, table.id).where(sql`${table.remaining} > 0`),
    check("stock_lots_remaining_nonnegative", sql`${table.remaining} >= 0`),
    check("stock_lots_source_valid", sql`${table.source} in ('receipt', 'unrecorded')`),
  ],
);

/** Which lots each ledger row took from or put back into: FIFO cost and the pick list read these. */
export const stockLotMoves = pgTable(
  "stock_lot_moves",
  {
    productId: text("product_id").notNull(),
    movementId: bigint("movement_id", { mode: "number" }).notNull(),
    lotId: bigint("lot_id", { mode: "number" }).notNull(),
    quantity: integer("quantity").notNull(),
    /** The ledger row's kind and order, copied so an order's lots are read without the ledger. */
    kind: text("kind").notNull(),
    orderId: integer("order_id"),
  },
  (table) => [
    primaryKey({ columns: [table.productId, table.movementId, table.lotId] }),
    index("stock_lot_moves_order_idx").on(table.orderId).where(sql`${table.orderId} is not null`),
  ],
);

/**
 * Units sold, takings and their cost per product per India day, for days that have ended: the
 * dashboards read these and count only today live (housekeeping fills them once a day has closed).
 * The cost is what the lots sold from cost (first in, first out), in paise to a thousandth so a
 * week's rows add up to what the lot moves say; a kilo of what had no cost counts as one item.
 */
export const dailyProductSales = pgTable(
  "daily_product_sales",
  {
    day: date("day").notNull(),
    productId: text("product_id").notNull(),
    units: integer("units").notNull(),
    revenuePaise: integer("revenue_paise").notNull(),
    costPaise: numeric("cost_paise", { precision: 16, scale: 3 }).notNull().default("0"),
    uncostedItems: numeric("uncosted_items", { precision: 14, scale: 3 }).notNull().default("0"),
  },
  (table) => [primaryKey({ columns: [table.day, table.productId] })],
);
