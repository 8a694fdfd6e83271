// Mail as a test reads it: outbox rows with their words drawn by the mail module, as the worker
// draws them when it sends.
import { desc, eq } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { mailOutbox } from "../db/schema/index.ts";
import { type MailBody, renderStoredMail, type StoredMail } from "../modules/mail/index.ts";

type OutboxRow = typeof mailOutbox.$inferSelect;
export type DrawnRow = OutboxRow & { textBody: string; htmlBody: string };

/** Each row with its text and HTML bodies drawn from its template. */
export async function drawnMails(rows: OutboxRow[] | Promise<OutboxRow[]>): Promise<DrawnRow[]> {
  return (await rows).map((row) => {
    const mail = renderStoredMail(row);
    return { ...row, textBody: mail.text, htmlBody: mail.html, attachments: mail.attachments };
  });
}

/** The newest mail to an address, drawn as it is sent; undefined when none was queued. */
export async function newestMailTo(db: Database, email: string): Promise<DrawnRow | undefined> {
  const [mail] = await drawnMails(
    db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, email))
      .orderBy(desc(mailOutbox.id))
      .limit(1),
  );
  return mail;
}

/** A row read with SQL (snake_case), its plain text drawn. */
export function drawnText(row: {
  subject: string;
  template: string | null;
  data: unknown;
  text_body: string | null;
  html_body: string | null;
}): string {
  return renderStoredMail({
    subject: row.subject,
    template: row.template,
    data: row.data,
    textBody: row.text_body,
    htmlBody: row.html_body,
    attachments: [],
  }).text;
}

/** A mail as the outbox keeps it: its subject, template and data, and any files. */
export type KeptMail = MailBody & {
  subject: string;
  attachments?: { filename: string; contentType: string; content: string }[];
};

/** A mail as its reader gets it. */
export type Mail = StoredMail;

/**
 * The mail drawn as the worker draws it: from its data read back from the outbox's JSON, so a
 * template that needs anything JSON does not keep (a Date, undefined in a list) shows here.
 */
export function drawn(mail: KeptMail): Mail {
  const kept = JSON.parse(
    JSON.stringify({
      template: mail.template,
      data: mail.data,
      attachments: mail.attachments ?? [],
    }),
  );
  return renderStoredMail({ subject: mail.subject, textBody: null, htmlBody: null, ...kept });
}
