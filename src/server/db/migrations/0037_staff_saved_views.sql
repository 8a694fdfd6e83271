CREATE TABLE "staff_saved_views" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" text NOT NULL,
	"dashboard" text NOT NULL,
	"name" text NOT NULL,
	"query" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_saved_views_dashboard_valid" CHECK ("staff_saved_views"."dashboard" in ('inventory', 'sales', 'customer-relations'))
);
--> statement-breakpoint
ALTER TABLE "staff_saved_views" ADD CONSTRAINT "staff_saved_views_member_id_staff_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."staff_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "staff_saved_views_name_idx" ON "staff_saved_views" USING btree ("member_id","dashboard",lower("name"));