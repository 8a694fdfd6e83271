import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigserial,
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { SHOP_TIME_ZONE } from "../../../shared/rules/bulk-delivery-date.ts";
import { localeCheck, moment, shopperLocale } from "../../db/schema/columns.ts";

/** The orders the open-cash-order limits count (see the cash_order_limit_reached function). */
const openUnpaidCash = (table: {
  paymentMethod: AnyPgColumn;
  paymentStatus: AnyPgColumn;
  status: AnyPgColumn;
}) =>
  sql`${table.paymentMethod} = 'cash' and ${table.paymentStatus} <> 'paid' and ${table.status} not in ('delivered', 'cancelled')`;

export const orders = pgTable(
  "orders",
  {
    id: serial("id").primaryKey(),
    orderNumber: text("order_number").notNull().unique(),
    status: text("status").notNull().default("placed"),
    paymentStatus: text("payment_status").notNull(),
    paymentMethod: text("payment_method").notNull(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    email: text("email").notNull(),
    locale: shopperLocale(),
    phone: text("phone").notNull(),
    address: text("address").notNull(),
    city: text("city").notNull(),
    state: text("state").notNull(),
    pincode: text("pincode").notNull(),
    notes: text("notes").notNull(),
    subtotalPaise: integer("subtotal_paise").notNull(),
    gstPaise: integer("gst_paise").notNull(),
    deliveryFeePaise: integer("delivery_fee_paise").notNull(),
    totalPaise: integer("total_paise").notNull(),
    /** SHA-256 of the placing browser's access cookie: guests read their orders with it. */
    browserKeyHash: text("browser_key_hash").notNull(),
    customerId: text("customer_id"),
    rating: integer("rating"),
    ratedAt: moment("rated_at"),
    placedAt: moment("placed_at").notNull().defaultNow(),
    confirmedAt: moment("confirmed_at"),
    packedAt: moment("packed_at"),
    outForDeliveryAt: moment("out_for_delivery_at"),
    deliveredAt: moment("delivered_at"),
    cancelledAt: moment("cancelled_at"),
    cancelReason: text("cancel_reason"),
    cancelNote: text("cancel_note"),
    /** The GST invoice's serial, issued when the order leaves the store (decision 25). */
    invoiceNumber: text("invoice_number"),
    invoicedAt: moment("invoiced_at"),
    /** An online order's hold: unpaid by then, it is cancelled and its stock goes back. */
    paymentDueAt: moment("payment_due_at"),
    /**
     * Set when the customer's account was erased but GST law keeps the invoice's recipient (name
     * and delivery address) until this India day; housekeeping erases them after it (decision 35).
     */
    recipientKeptUntil: date("recipient_kept_until", { mode: "string" }),
    /**
     * The network a cash order was placed from (client-address.ts's key: an IPv4 address, an
     * IPv6 /64), counted by the open cash orders' limit per network; cleared once the order is no
     * longer an open unpaid cash order (housekeeping) and when the account is erased.
     */
    networkKey: text("network_key"),
    /** An event order's bulk ticket (BOR-…): placed from its quote on the event's day. */
    eventTicket: text("event_ticket"),
    updatedAt: moment("updated_at").notNull().defaultNow(),
  },
  (table) => [
    index("orders_browser_idx").on(table.browserKeyHash),
    index("orders_customer_idx").on(table.customerId),
    index("orders_placed_idx").on(table.placedAt),
    // The sales board: open orders newest first, and a search by phone or email.
    index("orders_open_idx")
      .on(table.placedAt, table.id)
      .where(sql`${table.status} not in ('delivered', 'cancelled')`),
    index("orders_phone_idx").on(table.phone),
    // Unique where set: a checkout (no serial yet) then writes no entry into this index.
    uniqueIndex("orders_invoice_number_idx")
      .on(table.invoiceNumber)
      .where(sql`${table.invoiceNumber} is not null`),
    index("orders_email_idx").on(sql`lower(${table.email})`),
    // Open unpaid cash orders, counted per phone and per browser at every cash checkout.
    index("orders_open_cash_phone_idx").on(table.phone).where(openUnpaidCash(table)),
    index("orders_open_cash_browser_idx").on(table.browserKeyHash).where(openUnpaidCash(table)),
    // Open cash orders counted per network at every cash checkout; the set is small, since
    // housekeeping clears the key once an order closes, and it finds those from here too.
    index("orders_network_idx").on(table.networkKey).where(sql`${table.networkKey} is not null`),
    // Customer Relations' ratings: averages and the trend count them by India day and stars from
    // this index alone (rated_at is in it so PostgreSQL may read the index only); the low ones
    // are listed newest first from their own.
    index("orders_rated_day_idx")
      .on(
        sql`((${table.ratedAt} at time zone ${sql.raw(`'${SHOP_TIME_ZONE}'`)})::date)`,
        table.rating,
        table.ratedAt,
      )
      .where(sql`${table.rating} is not null`),
    // Unpaid holds, counted per phone and per browser at every online checkout.
    index("orders_held_phone_idx").on(table.phone).where(sql`${table.status} = 'awaiting_payment'`),
    index("orders_held_browser_idx")
      .on(table.browserKeyHash)
      .where(sql`${table.status} = 'awaiting_payment'`),
    // The sweep of holds that ran out finds them from this index alone.
    index("orders_awaiting_payment_idx")
      .on(table.paymentDueAt)
      .where(sql`${table.status} = 'awaiting_payment'`),
    // One shop order per event, however often the day's placing runs.
    uniqueIndex("orders_event_ticket_idx")
      .on(table.eventTicket)
      .where(sql`${table.eventTicket} is not null`),
    index("orders_low_rated_idx").on(table.ratedAt, table.id).where(sql`${table.rating} <= 2`),
    // Housekeeping's daily look for erased recipients whose keeping time has ended.
    index("orders_recipient_kept_idx")
      .on(table.recipientKeptUntil)
      .where(sql`${table.recipientKeptUntil} is not null`),
    check("orders_locale_known", localeCheck(table.locale)),
    check("orders_rating_range", sql`${table.rating} is null or ${table.rating} between 1 and 5`),
    check(
      "orders_total_consistent",
      sql`${table.totalPaise} = ${table.subtotalPaise} + ${table.gstPaise} + ${table.deliveryFeePaise}`,
    ),
  ],
);

export const orderLines = pgTable(
  "order_lines",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    productId: text("product_id").notNull(),
    name: text("name").notNull(),
    /** The product's name in the order's language as it was sold, when that is not English. */
    localName: text("local_name"),
    unit: text("unit").notNull(),
    hsnCode: text("hsn_code").notNull(),
    unitPricePaise: integer("unit_price_paise").notNull(),
    /** Supplied and charged, in grams or units: what was ordered, or what packing made of it. */
    quantity: integer("quantity").notNull(),
    /** Set when the line was packed otherwise than ordered: what the shopper ordered. */
    orderedQuantity: integer("ordered_quantity"),
    /** A weighed line: the scale's reading at packing, in grams (may differ from what is charged). */
    packedQuantity: integer("packed_quantity"),
    gstRateBps: integer("gst_rate_bps").notNull(),
    taxablePaise: integer("taxable_paise").notNull(),
    gstPaise: integer("gst_paise").notNull(),
  },
  (table) => [
    index("order_lines_order_idx").on(table.orderId),
    check("order_lines_quantity_nonnegative", sql`${table.quantity} >= 0`),
  ],
);

/**
 * Each order's timeline: every change a staff member made, with when and who. The order's
 * placing is its own `placed_at`, so a checkout writes nothing here.
 */
export const orderEvents = pgTable(
  "order_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    orderId: integer("order_id").notNull(),
    /** status, short_pick, refund or credit_note. */
    kind: text("kind").notNull(),
    /** The order's state after the change. */
    status: text("status").notNull(),
    at: moment("at").notNull().defaultNow(),
    staffId: text("staff_id"),
    staffName: text("staff_name"),
    note: text("note"),
  },
  (table) => [index("order_events_order_idx").on(table.orderId, table.id)],
);
