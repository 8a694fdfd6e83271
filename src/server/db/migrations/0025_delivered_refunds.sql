CREATE TABLE "delivered_refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"key" text NOT NULL,
	"reason" text NOT NULL,
	"note" text,
	"goods" text NOT NULL,
	"paid_back_by" text,
	"lines" jsonb NOT NULL,
	"delivery_fee_paise" integer DEFAULT 0 NOT NULL,
	"total_paise" integer NOT NULL,
	"credit_note_number" text NOT NULL,
	"staff_id" text,
	"staff_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "delivered_refunds_credit_note_number_unique" UNIQUE("credit_note_number"),
	CONSTRAINT "delivered_refunds_total_positive" CHECK ("delivered_refunds"."total_paise" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "delivered_refunds_key_idx" ON "delivered_refunds" USING btree ("order_id","key");--> statement-breakpoint
-- A refund after delivery is a record beside its credit note: never rewritten.
CREATE TRIGGER "delivered_refunds_append_only" BEFORE UPDATE OR DELETE ON "delivered_refunds"
  FOR EACH ROW EXECUTE FUNCTION "refuse_rewrite"();
