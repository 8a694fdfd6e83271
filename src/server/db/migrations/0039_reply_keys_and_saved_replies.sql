CREATE TABLE "support_saved_replies" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"updated_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "support_messages" ADD COLUMN "request_key" text;--> statement-breakpoint
CREATE INDEX "support_saved_replies_title_idx" ON "support_saved_replies" USING btree ("title");--> statement-breakpoint
CREATE UNIQUE INDEX "support_messages_request_key_idx" ON "support_messages" USING btree ("ticket_id","request_key");