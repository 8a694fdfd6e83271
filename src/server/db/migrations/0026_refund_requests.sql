CREATE TABLE "refund_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"ticket_reference" text NOT NULL,
	"note" text NOT NULL,
	"requested_by" text NOT NULL,
	"requested_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"delivered_refund_id" integer,
	"done_at" timestamp with time zone,
	"done_by_name" text
);
--> statement-breakpoint
CREATE INDEX "refund_requests_ticket_idx" ON "refund_requests" USING btree ("ticket_reference");--> statement-breakpoint
CREATE INDEX "refund_requests_open_idx" ON "refund_requests" USING btree ("created_at") WHERE "refund_requests"."state" = 'open';--> statement-breakpoint
CREATE UNIQUE INDEX "refund_requests_one_open_idx" ON "refund_requests" USING btree ("order_id","ticket_reference") WHERE "refund_requests"."state" = 'open';