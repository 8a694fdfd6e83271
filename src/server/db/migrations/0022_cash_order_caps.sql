-- Open cash orders per network, large-share alerts.
CREATE TABLE "large_order_notices" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"product_id" text NOT NULL,
	"quantity" integer NOT NULL,
	"stock_before" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "network_key" text;--> statement-breakpoint
ALTER TABLE "large_order_notices" ADD CONSTRAINT "large_order_notices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "large_order_notices_created_idx" ON "large_order_notices" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "orders_network_idx" ON "orders" USING btree ("network_key") WHERE "orders"."network_key" is not null;--> statement-breakpoint
-- Whether a cash order may be placed: null when it may, 'shopper' when its phone or browser,
-- 'network' when its network already has the most open unpaid cash orders it may. Counted under
-- advisory locks on the phone, the browser and the network, always in that order, so two
-- checkouts never wait for each other in a cycle; VOLATILE, so each count takes a fresh snapshot
-- after the locks and sees every order committed by whoever held them before (as
-- open_cash_orders, migration 0006, which instances still running the code before this one call).
-- A network is only ever set on cash orders, and cleared once they close (housekeeping).
CREATE FUNCTION "cash_order_limit_reached"(for_phone text, for_browser text, for_network text, per_shopper integer, per_network integer) RETURNS text
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended('open-cash-orders:phone:' || for_phone, 0));
  PERFORM pg_advisory_xact_lock(hashtextextended('open-cash-orders:browser:' || for_browser, 0));
  IF for_network IS NOT NULL THEN
    PERFORM pg_advisory_xact_lock(hashtextextended('open-cash-orders:network:' || for_network, 0));
  END IF;
  IF (SELECT count(*) FROM "orders" o WHERE o."phone" = for_phone
        AND o."payment_method" = 'cash' AND o."payment_status" <> 'paid'
        AND o."status" NOT IN ('delivered', 'cancelled')) >= per_shopper
    OR (SELECT count(*) FROM "orders" o WHERE o."browser_key_hash" = for_browser
        AND o."payment_method" = 'cash' AND o."payment_status" <> 'paid'
        AND o."status" NOT IN ('delivered', 'cancelled')) >= per_shopper THEN
    RETURN 'shopper';
  END IF;
  IF for_network IS NOT NULL AND (SELECT count(*) FROM "orders" o WHERE o."network_key" = for_network
        AND o."payment_method" = 'cash' AND o."payment_status" <> 'paid'
        AND o."status" NOT IN ('delivered', 'cancelled')) >= per_network THEN
    RETURN 'network';
  END IF;
  RETURN NULL;
END
$$;
