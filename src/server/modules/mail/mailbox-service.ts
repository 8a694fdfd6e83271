import { desc, eq, sql } from "drizzle-orm";
import type {
  MailAttachmentInfo,
  MailDetail,
  MailSummary,
} from "../../../shared/contracts/mailbox.ts";
import type { Database } from "../../db/client.ts";
import { notFound } from "../../http/app-error.ts";
import { type MailAttachment, mailOutbox } from "./schema.ts";
import { renderStoredMail } from "./stored-mail.ts";

const MAILBOX_SIZE = 50;

type OutboxRow = typeof mailOutbox.$inferSelect;

type SummaryRow = Pick<OutboxRow, "id" | "toAddress" | "subject" | "status" | "createdAt"> & {
  attachments: MailAttachmentInfo[];
};

function toSummary(row: SummaryRow): MailSummary {
  return {
    id: row.id,
    to: row.toAddress,
    subject: row.subject,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    attachments: row.attachments.map(({ filename, contentType }) => ({ filename, contentType })),
  };
}

// The list needs attachments' names only; their contents (whole invoices) stay in the database.
const attachmentInfo = sql<MailAttachmentInfo[]>`coalesce((
  select jsonb_agg(
    jsonb_build_object('filename', a.file->>'filename', 'contentType', a.file->>'contentType')
    order by a.position)
  from jsonb_array_elements(${mailOutbox.attachments}) with ordinality as a(file, position)
), '[]'::jsonb)`;

/** The newest mail first, without bodies (nothing is drawn). */
export async function listMailbox(db: Database): Promise<MailSummary[]> {
  const rows = await db
    .select({
      id: mailOutbox.id,
      toAddress: mailOutbox.toAddress,
      subject: mailOutbox.subject,
      status: mailOutbox.status,
      createdAt: mailOutbox.createdAt,
      attachments: attachmentInfo,
    })
    .from(mailOutbox)
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(MAILBOX_SIZE);
  return rows.map(toSummary);
}

async function readMail(db: Database, id: number): Promise<OutboxRow> {
  const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  if (!row) throw notFound(`No email with id ${id}`);
  return row;
}

export async function readMailDetail(db: Database, id: number): Promise<MailDetail> {
  const row = await readMail(db, id);
  const mail = renderStoredMail(row);
  return {
    ...toSummary(row),
    text: mail.text,
    html: mail.html,
    attempts: row.attempts,
    lastError: row.lastError,
    sentAt: row.sentAt?.toISOString() ?? null,
  };
}

export async function readMailAttachment(
  db: Database,
  id: number,
  index: number,
): Promise<MailAttachment> {
  const row = await readMail(db, id);
  const attachment = row.attachments[index];
  if (!attachment) throw notFound(`Email ${id} has no attachment number ${index}`);
  return attachment;
}

/**
 * `attachment; filename="..."` with the name made safe for a header; a name with characters
 * beyond ASCII also gets the RFC 6266 `filename*` form so browsers keep it.
 */
export function contentDisposition(filename: string): string {
  const base = filename.replace(/[\\/\r\n"]+/g, "_").trim() || "attachment";
  const ascii = base.replace(/[^\x20-\x7e]/g, "_");
  const disposition = `attachment; filename="${ascii}"`;
  return ascii === base
    ? disposition
    : `${disposition}; filename*=UTF-8''${encodeURIComponent(base)}`;
}
