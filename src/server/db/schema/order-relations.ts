// What belongs to an order, for reading an order with everything of it in one statement
// (`db.query.orders.findFirst({ with: ... })`): one round trip instead of one per table.
import { relations } from "drizzle-orm";
import { creditNotes, deliveredRefunds } from "../../modules/fulfilment/schema.ts";
import { orderEvents, orderLines, orders } from "../../modules/orders/schema.ts";
import { payments, refunds } from "../../modules/payments/schema.ts";

export const orderRelations = relations(orders, ({ many }) => ({
  lines: many(orderLines),
  payments: many(payments),
  events: many(orderEvents),
  creditNotes: many(creditNotes),
  refunds: many(refunds),
  deliveredRefunds: many(deliveredRefunds),
}));

export const orderLineRelations = relations(orderLines, ({ one }) => ({
  order: one(orders, { fields: [orderLines.orderId], references: [orders.id] }),
}));

export const paymentRelations = relations(payments, ({ one }) => ({
  order: one(orders, { fields: [payments.orderId], references: [orders.id] }),
}));

export const orderEventRelations = relations(orderEvents, ({ one }) => ({
  order: one(orders, { fields: [orderEvents.orderId], references: [orders.id] }),
}));

export const creditNoteRelations = relations(creditNotes, ({ one }) => ({
  order: one(orders, { fields: [creditNotes.orderId], references: [orders.id] }),
}));

export const refundRelations = relations(refunds, ({ one }) => ({
  order: one(orders, { fields: [refunds.orderId], references: [orders.id] }),
}));

export const deliveredRefundRelations = relations(deliveredRefunds, ({ one }) => ({
  order: one(orders, { fields: [deliveredRefunds.orderId], references: [orders.id] }),
}));
