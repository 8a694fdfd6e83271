CREATE TABLE "bulk_order_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"bulk_order_id" integer NOT NULL,
	"position" integer NOT NULL,
	"product_id" text NOT NULL,
	"name" text NOT NULL,
	"unit" text NOT NULL,
	"hsn_code" text NOT NULL,
	"gst_rate_bps" integer NOT NULL,
	"list_price_paise" integer NOT NULL,
	"unit_price_paise" integer NOT NULL,
	"quantity" integer NOT NULL,
	"taxable_paise" integer NOT NULL,
	"gst_paise" integer NOT NULL,
	CONSTRAINT "bulk_order_lines_product" UNIQUE("bulk_order_id","product_id"),
	CONSTRAINT "bulk_order_lines_quantity_positive" CHECK ("bulk_order_lines"."quantity" > 0)
);
--> statement-breakpoint
ALTER TABLE "bulk_orders" ADD COLUMN "discount_percent" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bulk_orders" ADD COLUMN "delivery_charge_paise" integer;--> statement-breakpoint
ALTER TABLE "bulk_order_lines" ADD CONSTRAINT "bulk_order_lines_bulk_order_id_bulk_orders_id_fk" FOREIGN KEY ("bulk_order_id") REFERENCES "public"."bulk_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bulk_order_lines_product_idx" ON "bulk_order_lines" USING btree ("product_id");