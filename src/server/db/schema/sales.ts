import { sql } from "drizzle-orm";
import {
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
} from "drizzle-orm/pg-core";
import { moment } from "./columns.ts";

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

/**
 * The last serial issued in each GST document series (invoices, credit notes) per financial
 * year. Taking the next one locks the row until the transaction ends, so the series has no gaps
 * and no duplicates: a rolled-back document gives its number back.
 */
export const documentSeries = pgTable(
  "document_series",
  {
    kind: text("kind").notNull(),
    financialYear: text("financial_year").notNull(),
    lastSerial: integer("last_serial").notNull(),
  },
  (table) => [primaryKey({ columns: [table.kind, table.financialYear] })],
);

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

/**
 * Money going back to a shopper. Written in the transaction that decides it (a cancel, a
 * short-pick) and paid out after commit; the reference makes the provider's refund happen once
 * however often it is retried.
 */
export const refunds = pgTable(
  "refunds",
  {
    id: serial("id").primaryKey(),
    /** The order, or the bulk order, whose payment goes back. */
    orderId: integer("order_id"),
    bulkOrderId: integer("bulk_order_id"),
    reference: text("reference").notNull().unique(),
    /** The charge being refunded, as the provider named it. */
    transactionId: text("transaction_id").notNull(),
    gateway: text("gateway").notNull(),
    amountPaise: integer("amount_paise").notNull(),
    reason: text("reason").notNull(),
    /**
     * pending until the provider has accepted it (sending while a pass asks it); sent while the
     * provider processes it (its webhook says when the money is back); done once it is; failed
     * when the provider could not refund it (a person pays it back).
     */
    state: text("state").notNull().default("pending"),
    /** The provider's id of the refund, once it has accepted it. */
    providerRefundId: text("provider_refund_id"),
    /** When a pass claimed it to ask the provider (state sending). */
    claimedAt: moment("claimed_at"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    createdAt: moment("created_at").notNull().defaultNow(),
    doneAt: moment("done_at"),
  },
  (table) => [
    index("refunds_order_idx").on(table.orderId),
    index("refunds_bulk_order_idx").on(table.bulkOrderId),
    index("refunds_pending_idx").on(table.id).where(sql`${table.state} = 'pending'`),
    index("refunds_provider_idx")
      .on(table.providerRefundId)
      .where(sql`${table.providerRefundId} is not null`),
    check("refunds_amount_positive", sql`${table.amountPaise} > 0`),
    check("refunds_one_owner", sql`(${table.orderId} is null) <> (${table.bulkOrderId} is null)`),
  ],
);
