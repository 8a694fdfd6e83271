import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import type { MailStatus } from "../../../shared/contracts/mailbox.ts";

/** A file sent with a mail; `content` is the file's text (invoices are HTML). */
export type MailAttachment = { filename: string; contentType: string; content: string };

/**
 * The transactional outbox: a mail is a row written in the same transaction as the order (or
 * account change) it is about, so neither exists without the other. A row names the template
 * that draws the mail and holds what it needs; the worker draws it as it sends. It delivers
 * rows over SMTP ('sent'), or keeps them here when no SMTP server is configured ('stored').
 * Rows are never deleted: 'failed' ones stay for a person to look at.
 */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: serial("id").primaryKey(),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    /**
     * The template that draws the mail (mail-template.ts) and what it needs, as JSON; the worker
     * draws it when it sends. Rows written before templates, and erased ones, hold bodies instead.
     */
    template: text("template"),
    data: jsonb("data").$type<unknown>(),
    textBody: text("text_body"),
    htmlBody: text("html_body"),
    attachments: jsonb("attachments").$type<MailAttachment[]>().notNull().default([]),
    status: text("status").$type<MailStatus>().notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    /** Set while one worker delivers the row, so other instances leave it alone. */
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (table) => [
    // The worker's poll reads only due pending rows; delivered ones never slow it down.
    index("mail_outbox_due_idx").on(table.nextAttemptAt).where(sql`${table.status} = 'pending'`),
    index("mail_outbox_created_idx").on(table.createdAt),
    // Erasing a deleted account's mail finds it by address (decision 35).
    index("mail_outbox_to_idx").on(sql`lower(${table.toAddress})`),
    check(
      "mail_outbox_status_valid",
      sql`${table.status} in ('pending', 'sent', 'stored', 'failed')`,
    ),
    check("mail_outbox_attempts_nonnegative", sql`${table.attempts} >= 0`),
    check(
      "mail_outbox_template_or_bodies",
      sql`(${table.template} is not null and ${table.data} is not null) or (${table.textBody} is not null and ${table.htmlBody} is not null)`,
    ),
  ],
);
