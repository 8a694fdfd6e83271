import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import type {
  ThreadEntryKind,
  TicketOrigin,
  TicketStatus,
} from "../../../shared/contracts/support-inbox.ts";
import { localeCheck, moment, shopperLocale } from "../../db/schema/columns.ts";

/**
 * A message from the contact form and the conversation that follows. `replyDueAt` is the reply
 * promise's clock: set while the customer waits on the shop (status 'open'), cleared while the
 * shop waits on them or the ticket is resolved. `version` goes up with every change, so two
 * people answering at once cannot overwrite each other.
 */
export const supportTickets = pgTable(
  "support_tickets",
  {
    id: serial("id").primaryKey(),
    reference: text("reference").notNull().unique(),
    status: text("status").$type<TicketStatus>().notNull().default("open"),
    queryType: text("query_type").notNull(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone").notNull(),
    orderNumber: text("order_number").notNull(),
    message: text("message").notNull(),
    customerId: text("customer_id"),
    createdAt: moment("created_at").notNull().defaultNow(),
    updatedAt: moment("updated_at").notNull().defaultNow(),
    replyDueAt: moment("reply_due_at"),
    firstReplyAt: moment("first_reply_at"),
    version: integer("version").notNull().default(1),
    /** Who made the last change: a staff member's name, or "customer". */
    updatedBy: text("updated_by").notNull().default("customer"),
    origin: text("origin").$type<TicketOrigin>().notNull().default("contact_form"),
    locale: shopperLocale(),
  },
  (table) => [
    check("support_tickets_locale_known", localeCheck(table.locale)),
    index("support_tickets_customer_idx").on(table.customerId),
    index("support_tickets_created_idx").on(table.createdAt),
    index("support_tickets_inbox_idx").on(table.status, table.replyDueAt, table.id),
    index("support_tickets_activity_idx").on(table.status, table.updatedAt, table.id),
    // The desk's search by order number, and the earlier tickets about a rated order.
    index("support_tickets_order_idx").on(table.orderNumber),
    // One follow-up conversation per rated order, however often the button is pressed.
    uniqueIndex("support_tickets_rating_follow_up_idx")
      .on(table.orderNumber)
      .where(sql`${table.origin} = 'rating'`),
  ],
);

/** The thread after the first message: the shop's replies, internal notes, customer answers. */
export const supportMessages = pgTable(
  "support_messages",
  {
    id: serial("id").primaryKey(),
    ticketId: integer("ticket_id")
      .notNull()
      .references(() => supportTickets.id),
    kind: text("kind").$type<ThreadEntryKind>().notNull(),
    body: text("body").notNull(),
    /** The member who wrote a reply or note; null for the customer's answers. */
    staffId: text("staff_id"),
    staffName: text("staff_name"),
    createdAt: moment("created_at").notNull().defaultNow(),
    /**
     * A reply's Idempotency-Key, one per draft: the same reply sent again (a retry, a double
     * press) finds its row and is answered, not mailed a second time.
     */
    requestKey: text("request_key"),
  },
  (table) => [
    index("support_messages_ticket_idx").on(table.ticketId, table.id),
    uniqueIndex("support_messages_request_key_idx").on(table.ticketId, table.requestKey),
  ],
);

/**
 * A message from the home page's feedback form. Customer Relations marks it read, and answering
 * it opens a support conversation (`ticketId`) with the sender.
 */
export const feedback = pgTable(
  "feedback",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    message: text("message").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp("read_at", { withTimezone: true }),
    readBy: text("read_by"),
    ticketId: integer("ticket_id").references(() => supportTickets.id),
  },
  (table) => [
    index("feedback_created_idx").on(table.createdAt, table.id),
    index("feedback_unread_idx").on(table.id).where(sql`${table.readAt} is null`),
  ],
);

/** The desk's saved replies: written once, inserted into replies with the ticket's facts. */
export const supportSavedReplies = pgTable(
  "support_saved_replies",
  {
    id: serial("id").primaryKey(),
    title: text("title").notNull(),
    body: text("body").notNull(),
    /** The member who wrote or last edited it. */
    updatedBy: text("updated_by").notNull(),
    createdAt: moment("created_at").notNull().defaultNow(),
    updatedAt: moment("updated_at").notNull().defaultNow(),
  },
  (table) => [index("support_saved_replies_title_idx").on(table.title)],
);
