CREATE INDEX "orders_open_cash_phone_idx" ON "orders" USING btree ("phone") WHERE "orders"."payment_method" = 'cash' and "orders"."payment_status" <> 'paid' and "orders"."status" not in ('delivered', 'cancelled');--> statement-breakpoint
CREATE INDEX "orders_open_cash_browser_idx" ON "orders" USING btree ("browser_key_hash") WHERE "orders"."payment_method" = 'cash' and "orders"."payment_status" <> 'paid' and "orders"."status" not in ('delivered', 'cancelled');--> statement-breakpoint
-- The most open unpaid cash orders one phone or one browser has, counted under advisory locks on
-- both (phone first, always, so two checkouts never wait for each other in a cycle). The order
-- statement calls it before it locks any product row. A VOLATILE function takes a fresh snapshot
-- for each query in it, so the count sees every order committed by whoever held the locks before.
CREATE FUNCTION "open_cash_orders"(for_phone text, for_browser text) RETURNS integer
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended('open-cash-orders:phone:' || for_phone, 0));
  PERFORM pg_advisory_xact_lock(hashtextextended('open-cash-orders:browser:' || for_browser, 0));
  RETURN greatest(
    (SELECT count(*) FROM "orders" o WHERE o."phone" = for_phone
      AND o."payment_method" = 'cash' AND o."payment_status" <> 'paid'
      AND o."status" NOT IN ('delivered', 'cancelled')),
    (SELECT count(*) FROM "orders" o WHERE o."browser_key_hash" = for_browser
      AND o."payment_method" = 'cash' AND o."payment_status" <> 'paid'
      AND o."status" NOT IN ('delivered', 'cancelled'))
  );
END
$$;
