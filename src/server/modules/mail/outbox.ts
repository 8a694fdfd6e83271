import { type SQL, sql } from "drizzle-orm";
import type { Database, Transaction } from "../../db/client.ts";
import type { MailBody } from "./mail-template.ts";
import { type MailAttachment, mailOutbox } from "./schema.ts";

/** Where a mail can be enqueued: the database itself, or a caller's open transaction. */
export type DatabaseOrTransaction = Database | Transaction;

/** A mail to queue: its template and data (mail-template.ts) are drawn when it is sent. */
export type OutgoingMail = MailBody & {
  to: string;
  subject: string;
  /** `content` is the file's text (UTF-8), e.g. an HTML invoice. */
  attachments?: MailAttachment[];
};

/**
 * Writes a mail to the outbox; the mail worker delivers it. Pass the caller's transaction so the
 * mail commits (or rolls back) with the order or account change it is about; the commit wakes
 * every instance's worker (the outbox's trigger notifies MAIL_CHANNEL), so it goes out at once.
 */
export async function enqueueMail(
  db: DatabaseOrTransaction,
  mail: OutgoingMail,
): Promise<{ id: number }> {
  const [row] = await outboxInsert(db, mail).returning({ id: mailOutbox.id });
  return { id: row!.id };
}

/** A mail's outbox insert, for writers that run it as one part of a larger statement. */
export function outboxInsert(db: DatabaseOrTransaction, mail: OutgoingMail) {
  return db.insert(mailOutbox).values(outboxRow(mail));
}

/** The outbox row for a mail; for writers that insert it as part of a larger statement. */
export function outboxRow(mail: OutgoingMail) {
  const to = mail.to.trim();
  if (!to) throw new Error("enqueueMail: the recipient address is empty");
  return {
    toAddress: to,
    // A line break in a header would start a new header; the subject is one line.
    subject: mail.subject.replace(/[\r\n]+/g, " ").trim(),
    template: mail.template,
    // Kept as JSON: the template draws from it as read back (Dates become strings).
    data: mail.data,
    attachments: mail.attachments ?? [],
  } satisfies typeof mailOutbox.$inferInsert;
}

/**
 * A part of a larger statement (`, name as (...)`) that queues the mail once for each row of the
 * CTE `from` (the order a statement placed or paid), or nothing when there is no mail.
 */
export function outboxPartSql(
  name: string,
  mail: ReturnType<typeof outboxRow> | undefined,
  from: string,
): SQL {
  if (!mail) return sql``;
  return sql`, ${sql.raw(name)} as (
    insert into mail_outbox (to_address, subject, template, data, attachments)
    select ${mail.toAddress}, ${mail.subject}, ${mail.template}, ${JSON.stringify(mail.data)}::jsonb,
      ${JSON.stringify(mail.attachments)}::jsonb
    from ${sql.raw(from)}
    returning 1
  )`;
}
