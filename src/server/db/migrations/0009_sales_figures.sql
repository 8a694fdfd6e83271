CREATE TABLE "daily_order_figures" (
	"day" date PRIMARY KEY NOT NULL,
	"orders" integer NOT NULL,
	"cancelled" integer NOT NULL,
	"revenue_paise" bigint NOT NULL,
	"delivered" integer NOT NULL,
	"delivered_on_time" integer NOT NULL,
	"payment_methods" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"cancel_reasons" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"products" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"state_minutes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "daily_order_figures_counts_consistent" CHECK ("daily_order_figures"."cancelled" <= "daily_order_figures"."orders" and "daily_order_figures"."delivered_on_time" <= "daily_order_figures"."delivered")
);
