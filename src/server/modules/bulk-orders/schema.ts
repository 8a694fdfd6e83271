import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  unique,
} from "drizzle-orm/pg-core";
import { localeCheck, moment, shopperLocale } from "../../db/schema/columns.ts";

/** A request for an event's produce, from the form through quote and advance to delivery. */
export const bulkOrders = pgTable(
  "bulk_orders",
  {
    id: serial("id").primaryKey(),
    ticketId: text("ticket_id").notNull().unique(),
    status: text("status").notNull().default("awaiting_review"),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone").notNull(),
    eventType: text("event_type").notNull(),
    products: text("products").notNull(),
    location: text("location").notNull(),
    deliveryDate: date("delivery_date", { mode: "string" }).notNull(),
    codRequested: boolean("cod_requested").notNull(),
    codApproved: boolean("cod_approved").notNull().default(false),
    /** The quote's total, GST and the delivery charge included. */
    quotePaise: integer("quote_paise"),
    advancePaise: integer("advance_paise"),
    /** SHA-256 of the requesting browser's access cookie. */
    browserKeyHash: text("browser_key_hash").notNull(),
    customerId: text("customer_id"),
    createdAt: moment("created_at").notNull().defaultNow(),
    quotedAt: moment("quoted_at"),
    advancePaidAt: moment("advance_paid_at"),
    confirmedAt: moment("confirmed_at"),
    deliveredAt: moment("delivered_at"),
    cancelledAt: moment("cancelled_at"),
    updatedAt: moment("updated_at").notNull().defaultNow(),
    /** What the quote covers, line by line as Customer Relations wrote it; mailed with it. */
    quoteNotes: text("quote_notes").notNull().default(""),
    /** The event discount, in whole percent, taken off each line's unit price. */
    discountPercent: integer("discount_percent").notNull().default(0),
    /** Quoted for the place and size of the event; null for a quote before catalogue lines. */
    deliveryChargePaise: integer("delivery_charge_paise"),
    cancelReason: text("cancel_reason"),
    /** Kept of the advance when a confirmed order is cancelled (the terms' fee), and given back. */
    feePaise: integer("fee_paise"),
    refundPaise: integer("refund_paise"),
    /** Goes up with every change from the dashboard, so two members cannot overwrite each other. */
    version: integer("version").notNull().default(1),
    /** Who made the last change: a staff member's name, or "customer". */
    updatedBy: text("updated_by").notNull().default("customer"),
    locale: shopperLocale(),
  },
  (table) => [
    check("bulk_orders_locale_known", localeCheck(table.locale)),
    index("bulk_orders_browser_idx").on(table.browserKeyHash),
    index("bulk_orders_customer_idx").on(table.customerId),
    // The pipeline: one status at a time, the nearest event first.
    index("bulk_orders_pipeline_idx").on(table.status, table.deliveryDate, table.id),
    check(
      "bulk_orders_status_known",
      sql`${table.status} in ('awaiting_review', 'awaiting_payment', 'advance_paid', 'confirmed', 'delivered', 'cancelled')`,
    ),
    check(
      "bulk_orders_quote_positive",
      sql`${table.quotePaise} is null or (${table.quotePaise} > 0 and ${table.advancePaise} > 0)`,
    ),
  ],
);

/** The quote's catalogue lines, priced by the shared rule when Customer Relations quotes. */
export const bulkOrderLines = pgTable(
  "bulk_order_lines",
  {
    id: serial("id").primaryKey(),
    bulkOrderId: integer("bulk_order_id")
      .notNull()
      .references(() => bulkOrders.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    productId: text("product_id").notNull(),
    name: text("name").notNull(),
    unit: text("unit").notNull(),
    hsnCode: text("hsn_code").notNull(),
    gstRateBps: integer("gst_rate_bps").notNull(),
    listPricePaise: integer("list_price_paise").notNull(),
    unitPricePaise: integer("unit_price_paise").notNull(),
    quantity: integer("quantity").notNull(),
    taxablePaise: integer("taxable_paise").notNull(),
    gstPaise: integer("gst_paise").notNull(),
  },
  (table) => [
    unique("bulk_order_lines_product").on(table.bulkOrderId, table.productId),
    // Inventory's outlook: what each product's event orders need, by day.
    index("bulk_order_lines_product_idx").on(table.productId),
    check("bulk_order_lines_quantity_positive", sql`${table.quantity} > 0`),
  ],
);
