-- Idempotency keys scoped to their placer; one payment row per provider payment (decision 42).
ALTER TABLE "idempotency_keys" ADD COLUMN "placer_customer_id" text;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "placer_browser_key_hash" text;--> statement-breakpoint
-- A checkout kept before placers were: its placer is whoever its order is filed under.
UPDATE "idempotency_keys" AS "k" SET "placer_customer_id" = "o"."customer_id", "placer_browser_key_hash" = "o"."browser_key_hash" FROM "orders" AS "o" WHERE "k"."scope" = 'checkout' AND "o"."order_number" = "k"."response_body"->>'orderNumber';--> statement-breakpoint
-- The rest (a refusal, a run still going) names no order: forgotten, so a retry runs afresh (a
-- run that was still going can then write nothing: it no longer holds its key).
DELETE FROM "idempotency_keys" WHERE "scope" = 'checkout' AND "placer_browser_key_hash" IS NULL;--> statement-breakpoint
-- Duplicates written by reports of one payment at once: the earliest row stays.
DELETE FROM "payments" AS "p" USING "payments" AS "q" WHERE "p"."transaction_id" IS NOT NULL AND "q"."transaction_id" = "p"."transaction_id" AND "q"."gateway" = "p"."gateway" AND "q"."id" < "p"."id";--> statement-breakpoint
DROP INDEX "payments_transaction_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_payment_idx" ON "payments" USING btree ("transaction_id","gateway") WHERE "payments"."transaction_id" is not null;
