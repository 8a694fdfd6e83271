-- Customer Relations runs bulk orders from the dashboard: quote notes, a version for changes made
-- at the same moment, the cancellation fee and refund, and refunds of a bulk order's advance.
ALTER TABLE "refunds" ALTER COLUMN "order_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "bulk_orders" ADD COLUMN "quote_notes" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "bulk_orders" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "bulk_orders" ADD COLUMN "fee_paise" integer;--> statement-breakpoint
ALTER TABLE "bulk_orders" ADD COLUMN "refund_paise" integer;--> statement-breakpoint
ALTER TABLE "bulk_orders" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "bulk_orders" ADD COLUMN "updated_by" text DEFAULT 'customer' NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "bulk_order_id" integer;--> statement-breakpoint
CREATE INDEX "bulk_orders_pipeline_idx" ON "bulk_orders" USING btree ("status","delivery_date","id");--> statement-breakpoint
CREATE INDEX "refunds_bulk_order_idx" ON "refunds" USING btree ("bulk_order_id");--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_one_owner" CHECK (("refunds"."order_id" is null) <> ("refunds"."bulk_order_id" is null));