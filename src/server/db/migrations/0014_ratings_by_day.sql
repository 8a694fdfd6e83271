-- Ratings are counted by India day and stars from one index alone (decision 29).
DROP INDEX "orders_rated_idx";--> statement-breakpoint
CREATE INDEX "orders_rated_day_idx" ON "orders" USING btree ((("rated_at" at time zone 'Asia/Kolkata')::date),"rating","rated_at") WHERE "orders"."rating" is not null;