-- Mail bodies and attachments are written once per order and read once by the mail worker.
-- Compressing them (PostgreSQL's default for values over 2 KB) cost more CPU than the disk it saves.
ALTER TABLE "mail_outbox" ALTER COLUMN "text_body" SET STORAGE EXTERNAL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ALTER COLUMN "html_body" SET STORAGE EXTERNAL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ALTER COLUMN "attachments" SET STORAGE EXTERNAL;
