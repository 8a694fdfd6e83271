CREATE TABLE "staff_alert_digests" (
	"id" serial PRIMARY KEY NOT NULL,
	"dashboard" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"alerts" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_alert_mails" (
	"dashboard" text NOT NULL,
	"key" text NOT NULL,
	"mailed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_alert_mails_dashboard_key_pk" PRIMARY KEY("dashboard","key")
);
--> statement-breakpoint
CREATE TABLE "staff_presence" (
	"dashboard" text PRIMARY KEY NOT NULL,
	"seen_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "staff_alert_digests_dashboard_idx" ON "staff_alert_digests" USING btree ("dashboard","sent_at");--> statement-breakpoint
CREATE INDEX "staff_alert_mails_mailed_idx" ON "staff_alert_mails" USING btree ("mailed_at");