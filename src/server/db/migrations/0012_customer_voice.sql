-- Customer Relations reads feedback (read, and answered through a support conversation), follows up
-- low ratings once per order, and reads ratings by when they were given.
ALTER TABLE "feedback" ADD COLUMN "read_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "feedback" ADD COLUMN "read_by" text;--> statement-breakpoint
ALTER TABLE "feedback" ADD COLUMN "ticket_id" integer;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD COLUMN "origin" text DEFAULT 'contact_form' NOT NULL;--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_ticket_id_support_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."support_tickets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "feedback_created_idx" ON "feedback" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "feedback_unread_idx" ON "feedback" USING btree ("id") WHERE "feedback"."read_at" is null;--> statement-breakpoint
CREATE INDEX "orders_rated_idx" ON "orders" USING btree ("rated_at","rating") WHERE "orders"."rating" is not null;--> statement-breakpoint
CREATE INDEX "orders_low_rated_idx" ON "orders" USING btree ("rated_at","id") WHERE "orders"."rating" <= 2;--> statement-breakpoint
CREATE UNIQUE INDEX "support_tickets_rating_follow_up_idx" ON "support_tickets" USING btree ("order_number") WHERE "support_tickets"."origin" = 'rating';