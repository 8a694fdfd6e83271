import { integer, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { moment } from "../../db/schema/columns.ts";

/** One row per Idempotency-Key: a repeated request gets the first answer, not a second order. */
export const idempotencyKeys = pgTable("idempotency_keys", {
  key: text("key").primaryKey(),
  scope: text("scope").notNull(),
  requestHash: text("request_hash").notNull(),
  state: text("state").notNull(),
  responseStatus: integer("response_status"),
  responseBody: jsonb("response_body"),
  createdAt: moment("created_at").notNull().defaultNow(),
  completedAt: moment("completed_at"),
  /** The store instance (process) running the request: only it may finish it, until it dies. */
  holder: text("holder"),
  /**
   * Who sent the key first (checkout): the signed-in customer, and the hash of the browser's
   * order-access key. Only they are answered again; anyone else's same key is refused.
   */
  placerCustomerId: text("placer_customer_id"),
  placerBrowserKeyHash: text("placer_browser_key_hash"),
});

/** The store's running processes, each seen every few seconds: one not seen lately has died. */
export const storeInstances = pgTable("store_instances", {
  id: text("id").primaryKey(),
  startedAt: moment("started_at").notNull().defaultNow(),
  seenAt: moment("seen_at").notNull().defaultNow(),
});
