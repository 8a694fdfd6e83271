-- A checkout writes no entry for the serial it does not have yet: unique only where set.
ALTER TABLE "orders" DROP CONSTRAINT "orders_invoice_number_unique";--> statement-breakpoint
CREATE UNIQUE INDEX "orders_invoice_number_idx" ON "orders" USING btree ("invoice_number") WHERE "orders"."invoice_number" is not null;