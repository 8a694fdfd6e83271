ALTER TABLE "products" ADD COLUMN "name_or" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "name_hi" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "description_or" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "description_hi" text;