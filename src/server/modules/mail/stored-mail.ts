import { renderTemplate } from "./mail-template.ts";
import type { MailAttachment, mailOutbox } from "./schema.ts";

type OutboxRow = typeof mailOutbox.$inferSelect;

/** A mail as its reader gets it. */
export type StoredMail = {
  subject: string;
  text: string;
  html: string;
  attachments: MailAttachment[];
};

/**
 * The mail an outbox row holds, drawn from its template and data; a row written before templates
 * (or erased) holds its bodies. The one way anything reads a mail's words: the worker as it sends,
 * the demo mailbox as it shows one, tests as they look for a link.
 */
export function renderStoredMail(
  row: Pick<OutboxRow, "subject" | "template" | "data" | "textBody" | "htmlBody" | "attachments">,
): StoredMail {
  const { subject, attachments } = row;
  if (row.template !== null) {
    return { subject, attachments, ...renderTemplate(row.template, row.data) };
  }
  if (row.textBody === null || row.htmlBody === null) {
    throw new Error("The mail has neither a template nor bodies");
  }
  return { subject, attachments, text: row.textBody, html: row.htmlBody };
}
