-- Erasing a deleted account: invoices whose recipient GST law keeps for a time, and its mail found by address.
ALTER TABLE "orders" ADD COLUMN "recipient_kept_until" date;--> statement-breakpoint
CREATE INDEX "mail_outbox_to_idx" ON "mail_outbox" USING btree (lower("to_address"));--> statement-breakpoint
CREATE INDEX "orders_recipient_kept_idx" ON "orders" USING btree ("recipient_kept_until") WHERE "orders"."recipient_kept_until" is not null;