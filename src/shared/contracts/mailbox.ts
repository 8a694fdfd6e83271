import { z } from "zod";

/**
 * pending: waiting for (another) delivery attempt; sent: accepted by the SMTP server;
 * stored: kept in the outbox because no SMTP server is configured (demo mode shows it);
 * failed: given up after the last attempt, kept for a person to look at.
 */
export const MAIL_STATUSES = ["pending", "sent", "stored", "failed"] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

export const mailAttachmentInfoSchema = z.object({
  filename: z.string(),
  contentType: z.string(),
});
export type MailAttachmentInfo = z.infer<typeof mailAttachmentInfoSchema>;

export const mailSummarySchema = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  status: z.enum(MAIL_STATUSES),
  /** ISO 8601 */
  createdAt: z.string(),
  /** In order: the index in this list is the one the attachment's download address takes. */
  attachments: z.array(mailAttachmentInfoSchema),
});
export type MailSummary = z.infer<typeof mailSummarySchema>;

export const mailboxSchema = z.object({ messages: z.array(mailSummarySchema) });
export type Mailbox = z.infer<typeof mailboxSchema>;

export const mailDetailSchema = mailSummarySchema.extend({
  text: z.string(),
  html: z.string(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  /** ISO 8601, once an SMTP server accepted the mail */
  sentAt: z.string().nullable(),
});
export type MailDetail = z.infer<typeof mailDetailSchema>;

const mailId = z.coerce
  .number({ message: "id must be a number" })
  .int("id must be a whole number")
  .positive("id must be positive")
  .max(2_147_483_647, "id is too large");

export const mailParamsSchema = z.object({ id: mailId });

export const mailAttachmentParamsSchema = z.object({
  id: mailId,
  index: z.coerce
    .number({ message: "index must be a number" })
    .int("index must be a whole number")
    .min(0, "index must be 0 or more")
    .max(1000, "index is too large"),
});
