ALTER TABLE "daily_order_figures" DROP CONSTRAINT "daily_order_figures_counts_consistent";--> statement-breakpoint
ALTER TABLE "daily_order_figures" ADD CONSTRAINT "daily_order_figures_on_time_consistent" CHECK ("daily_order_figures"."delivered_on_time" <= "daily_order_figures"."delivered");--> statement-breakpoint
-- The rolled-up days counted cancelled orders among their orders; the next rollup pass writes
-- every day again by the one order count. Until it has, the figures count those days live.
DELETE FROM "daily_order_figures";
