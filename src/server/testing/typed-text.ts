// What a form's sender typed, marked so a test can look for it in what the store sends on: a mail
// to an address nobody has shown is theirs must carry none of it.
import type { mailOutbox } from "../db/schema/index.ts";
import { renderStoredMail } from "../modules/mail/index.ts";

/** Letters and digits only, so escaping in HTML leaves it as it is; found nowhere else. */
export const TYPED_MARK = "Qz7typedQz7";

/** A value for one typed field: readable in a failure, and carrying the mark. */
export const typedInto = (field: string) => `${field} ${TYPED_MARK}`;

/** The parts of an outbox row that carry typed text: none, for a mail that repeats nothing. */
export function partsWithTypedText(row: typeof mailOutbox.$inferSelect): string[] {
  const mail = renderStoredMail(row);
  const parts = {
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    // What the outbox keeps: the template's data is checked too, not only what it draws.
    data: JSON.stringify(row.data ?? null),
    attachments: JSON.stringify(mail.attachments),
  };
  return Object.entries(parts)
    .filter(([, value]) => value.includes(TYPED_MARK))
    .map(([part]) => part);
}

/** The link after `label: ` in a mail's plain text (the text of every mail's button). */
export function linkIn(textBody: string, label: string): URL {
  const link = new RegExp(`${label}: (\\S+)`).exec(textBody)?.[1];
  if (!link) throw new Error(`no "${label}" link in the mail`);
  return new URL(link);
}
