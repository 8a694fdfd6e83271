import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { moment } from "../../db/schema/columns.ts";

/** A credit note (CGST Rule 53): what was taken back from an issued invoice, line by line. */
export const creditNotes = pgTable(
  "credit_notes",
  {
    id: serial("id").primaryKey(),
    number: text("number").notNull().unique(),
    orderId: integer("order_id").notNull(),
    invoiceNumber: text("invoice_number").notNull(),
    invoicedAt: moment("invoiced_at").notNull(),
    reason: text("reason").notNull(),
    issuedAt: moment("issued_at").notNull().defaultNow(),
    /** The credited lines: name, HSN, unit, quantity, rate, taxable value, GST rate and amount. */
    lines: jsonb("lines").notNull(),
    taxablePaise: integer("taxable_paise").notNull(),
    gstPaise: integer("gst_paise").notNull(),
    deliveryFeePaise: integer("delivery_fee_paise").notNull(),
    totalPaise: integer("total_paise").notNull(),
    staffId: text("staff_id"),
  },
  (table) => [
    index("credit_notes_order_idx").on(table.orderId),
    check(
      "credit_notes_total_consistent",
      sql`${table.totalPaise} = ${table.taxablePaise} + ${table.gstPaise} + ${table.deliveryFeePaise}`,
    ),
  ],
);

/** One credited line of a refund after delivery. */
export type DeliveredRefundLine = {
  productId: string;
  name: string;
  unit: string;
  /** Units given back; 0 for a refund of an amount. */
  quantity: number;
  taxablePaise: number;
  gstPaise: number;
};

/**
 * A refund of a delivered order (decision 48): what each line gave back, the delivery fee, why,
 * what became of the goods and how the money went back, with the credit note it issued. The money
 * itself, when it goes back through the provider, is a row of `refunds` (payments module).
 */
export const deliveredRefunds = pgTable(
  "delivered_refunds",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id").notNull(),
    /** The manager's form names each refund, so a retried request finds the refund it made. */
    key: text("key").notNull(),
    reason: text("reason").notNull(),
    note: text("note"),
    goods: text("goods").notNull(),
    /** A cash order's refund: cash, UPI or bank transfer. Null: back through the provider. */
    paidBackBy: text("paid_back_by"),
    lines: jsonb("lines").$type<DeliveredRefundLine[]>().notNull(),
    deliveryFeePaise: integer("delivery_fee_paise").notNull().default(0),
    totalPaise: integer("total_paise").notNull(),
    creditNoteNumber: text("credit_note_number").notNull().unique(),
    staffId: text("staff_id"),
    staffName: text("staff_name"),
    createdAt: moment("created_at").notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("delivered_refunds_key_idx").on(table.orderId, table.key),
    check("delivered_refunds_total_positive", sql`${table.totalPaise} > 0`),
  ],
);

/**
 * Customer Relations asking Sales, from a ticket, to refund a delivered order; done when Sales
 * makes the refund that names it.
 */
export const refundRequests = pgTable(
  "refund_requests",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id").notNull(),
    ticketReference: text("ticket_reference").notNull(),
    note: text("note").notNull(),
    requestedBy: text("requested_by").notNull(),
    requestedByName: text("requested_by_name").notNull(),
    createdAt: moment("created_at").notNull().defaultNow(),
    /** open until a refund names it (done) or Sales says why not (declined). */
    state: text("state").notNull().default("open"),
    deliveredRefundId: integer("delivered_refund_id"),
    doneAt: moment("done_at"),
    doneByName: text("done_by_name"),
    /** Why Sales declined it (state declined). */
    declineNote: text("decline_note"),
  },
  (table) => [
    index("refund_requests_ticket_idx").on(table.ticketReference),
    index("refund_requests_open_idx").on(table.createdAt).where(sql`${table.state} = 'open'`),
    // One open request per order and ticket: asking twice is a double press, not two refunds.
    uniqueIndex("refund_requests_one_open_idx")
      .on(table.orderId, table.ticketReference)
      .where(sql`${table.state} = 'open'`),
  ],
);

/** Orders and revenue placed with one payment method on a day. */
export type MethodFigures = { orders: number; revenuePaise: number };
/** Units supplied and their taxable value for one product on a day. */
export type ProductFigures = { units: number; revenuePaise: number };
/** How many orders spent each whole minute (the key, capped at a day) in a state. */
export type MinuteHistogram = Record<string, number>;

/**
 * The sales figures of one closed India day, counted by the day each order was placed: a row for
 * every day from the store's first order to yesterday, days without orders included, so the
 * latest row says how far the rollup has reached. Housekeeping writes each day once it has
 * closed; a move, cancel or short-pick of an older order recomputes its day in the same
 * transaction (modules/fulfilment/figures/order-rollup.ts). The breakdowns are small objects in the
 * row rather than tables of their own: a day is recomputed by one upsert, and 30 days are 30 rows.
 */
export const dailyOrderFigures = pgTable(
  "daily_order_figures",
  {
    day: date("day").primaryKey(),
    /** Orders placed and not cancelled (shared/rules/order-count.ts). */
    orders: integer("orders").notNull(),
    cancelled: integer("cancelled").notNull(),
    /** Sum of total_paise of the orders not cancelled (short-picks already lowered it). */
    revenuePaise: bigint("revenue_paise", { mode: "number" }).notNull(),
    delivered: integer("delivered").notNull(),
    /** Delivered within PROMISED_MINUTES of placing. */
    deliveredOnTime: integer("delivered_on_time").notNull(),
    /** Payment method -> orders placed and not cancelled, and their revenue. */
    paymentMethods: jsonb("payment_methods")
      .$type<Record<string, MethodFigures>>()
      .notNull()
      .default({}),
    /** Cancel reason -> orders cancelled. */
    cancelReasons: jsonb("cancel_reasons").$type<Record<string, number>>().notNull().default({}),
    /** Product id -> units supplied and taxable value, orders not cancelled. */
    products: jsonb("products").$type<Record<string, ProductFigures>>().notNull().default({}),
    /** State (placed, confirmed, packed, out_for_delivery) -> minutes spent in it. */
    stateMinutes: jsonb("state_minutes")
      .$type<Record<string, MinuteHistogram>>()
      .notNull()
      .default({}),
    /** Of `orders`, the event orders (placed from a bulk quote on their day), and their revenue. */
    eventOrders: integer("event_orders").notNull().default(0),
    eventRevenuePaise: bigint("event_revenue_paise", { mode: "number" }).notNull().default(0),
  },
  (table) => [
    check(
      "daily_order_figures_on_time_consistent",
      sql`${table.deliveredOnTime} <= ${table.delivered}`,
    ),
  ],
);
