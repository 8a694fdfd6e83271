-- Online payments go through a hosted checkout: an order awaits its payment for a while (decision 30).
CREATE TABLE "payment_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"gateway" text NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"subject" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "provider_order_id" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "owner_version" integer;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "provider_refund_id" text;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "claimed_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_events_once_idx" ON "payment_events" USING btree ("gateway","event_id");--> statement-breakpoint
CREATE INDEX "payment_events_received_idx" ON "payment_events" USING btree ("received_at");--> statement-breakpoint
CREATE INDEX "orders_held_phone_idx" ON "orders" USING btree ("phone") WHERE "orders"."status" = 'awaiting_payment';--> statement-breakpoint
CREATE INDEX "orders_held_browser_idx" ON "orders" USING btree ("browser_key_hash") WHERE "orders"."status" = 'awaiting_payment';--> statement-breakpoint
CREATE INDEX "orders_awaiting_payment_idx" ON "orders" USING btree ("payment_due_at") WHERE "orders"."status" = 'awaiting_payment';--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_order_idx" ON "payments" USING btree ("provider_order_id") WHERE "payments"."provider_order_id" is not null;--> statement-breakpoint
CREATE INDEX "payments_transaction_idx" ON "payments" USING btree ("transaction_id") WHERE "payments"."transaction_id" is not null;--> statement-breakpoint
CREATE INDEX "refunds_provider_idx" ON "refunds" USING btree ("provider_refund_id") WHERE "refunds"."provider_refund_id" is not null;--> statement-breakpoint
-- The most unpaid online orders one phone or one browser holds, counted under advisory locks on
-- both (phone first, always), as open_cash_orders does for cash orders (migration 0006).
CREATE FUNCTION "unpaid_holds"(for_phone text, for_browser text) RETURNS integer
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended('unpaid-holds:phone:' || for_phone, 0));
  PERFORM pg_advisory_xact_lock(hashtextextended('unpaid-holds:browser:' || for_browser, 0));
  RETURN greatest(
    (SELECT count(*) FROM "orders" o WHERE o."phone" = for_phone
      AND o."status" = 'awaiting_payment'),
    (SELECT count(*) FROM "orders" o WHERE o."browser_key_hash" = for_browser
      AND o."status" = 'awaiting_payment')
  );
END
$$;
