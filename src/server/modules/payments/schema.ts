import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, serial, text, uniqueIndex } from "drizzle-orm/pg-core";
import { moment } from "../../db/schema/columns.ts";
import { bulkOrders } from "../bulk-orders/schema.ts";
import { orders } from "../orders/schema.ts";

/** Every payment attempt, including declined ones that never became an order. */
export const payments = pgTable(
  "payments",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id").references(() => orders.id, { onDelete: "set null" }),
    /** Set instead of orderId for a bulk order's advance. */
    bulkOrderId: integer("bulk_order_id").references(() => bulkOrders.id, { onDelete: "set null" }),
    method: text("method").notNull(),
    status: text("status").notNull(),
    amountPaise: integer("amount_paise").notNull(),
    gateway: text("gateway").notNull(),
    transactionId: text("transaction_id"),
    /** Brand and last four digits, or the UPI ID: never a card number or CVV. */
    instrumentSummary: text("instrument_summary").notNull(),
    failureReason: text("failure_reason"),
    idempotencyKey: text("idempotency_key"),
    /** The provider's order this payment is made against (hosted checkout). */
    providerOrderId: text("provider_order_id"),
    /** A bulk advance: the version of the request (its quote) the shopper was paying. */
    ownerVersion: integer("owner_version"),
    createdAt: moment("created_at").notNull().defaultNow(),
    updatedAt: moment("updated_at").notNull().defaultNow(),
  },
  (table) => [
    index("payments_order_idx").on(table.orderId),
    index("payments_bulk_order_idx").on(table.bulkOrderId),
    uniqueIndex("payments_provider_order_idx")
      .on(table.providerOrderId)
      .where(sql`${table.providerOrderId} is not null`),
    // One row per provider payment: the reports of one payment (the browser's, the provider's
    // webhooks, however many arrive at once) take it or refund it once.
    uniqueIndex("payments_provider_payment_idx")
      .on(table.transactionId, table.gateway)
      .where(sql`${table.transactionId} is not null`),
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

/**
 * Every webhook event the store has acted on, by the provider's id: the provider delivers an
 * event again until it hears 200, and the same event twice must change nothing.
 */
export const paymentEvents = pgTable(
  "payment_events",
  {
    id: serial("id").primaryKey(),
    gateway: text("gateway").notNull(),
    eventId: text("event_id").notNull(),
    type: text("type").notNull(),
    /** The payment or refund the event was about. */
    subject: text("subject"),
    receivedAt: moment("received_at").notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("payment_events_once_idx").on(table.gateway, table.eventId),
    index("payment_events_received_idx").on(table.receivedAt),
  ],
);
