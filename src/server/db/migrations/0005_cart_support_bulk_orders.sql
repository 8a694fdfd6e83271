CREATE TABLE "bulk_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"ticket_id" text NOT NULL,
	"status" text DEFAULT 'awaiting_review' NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"event_type" text NOT NULL,
	"products" text NOT NULL,
	"location" text NOT NULL,
	"delivery_date" date NOT NULL,
	"cod_requested" boolean NOT NULL,
	"cod_approved" boolean DEFAULT false NOT NULL,
	"quote_paise" integer,
	"advance_paise" integer,
	"browser_key_hash" text NOT NULL,
	"customer_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"quoted_at" timestamp with time zone,
	"advance_paid_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bulk_orders_ticket_id_unique" UNIQUE("ticket_id"),
	CONSTRAINT "bulk_orders_status_known" CHECK ("bulk_orders"."status" in ('awaiting_review', 'awaiting_payment', 'advance_paid', 'confirmed', 'delivered', 'cancelled')),
	CONSTRAINT "bulk_orders_quote_positive" CHECK ("bulk_orders"."quote_paise" is null or ("bulk_orders"."quote_paise" > 0 and "bulk_orders"."advance_paise" > 0))
);
--> statement-breakpoint
CREATE TABLE "cart_items" (
	"customer_id" text NOT NULL,
	"product_id" text NOT NULL,
	"quantity" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cart_items_customer_id_product_id_pk" PRIMARY KEY("customer_id","product_id"),
	CONSTRAINT "cart_items_quantity_positive" CHECK ("cart_items"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "support_tickets" (
	"id" serial PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"query_type" text NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"order_number" text NOT NULL,
	"message" text NOT NULL,
	"customer_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "support_tickets_reference_unique" UNIQUE("reference")
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "bulk_order_id" integer;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bulk_orders_browser_idx" ON "bulk_orders" USING btree ("browser_key_hash");--> statement-breakpoint
CREATE INDEX "bulk_orders_customer_idx" ON "bulk_orders" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "support_tickets_customer_idx" ON "support_tickets" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "support_tickets_created_idx" ON "support_tickets" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_bulk_order_id_bulk_orders_id_fk" FOREIGN KEY ("bulk_order_id") REFERENCES "public"."bulk_orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_bulk_order_idx" ON "payments" USING btree ("bulk_order_id");