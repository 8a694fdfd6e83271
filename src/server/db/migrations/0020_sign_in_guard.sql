-- Sign-in failures per account and client, trusted devices, failed sign-in alerts: the counters are rows of rate_limits; the staff dashboards' warnings are kept here.
CREATE TABLE "staff_sign_in_warnings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"address" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "staff_sign_in_warnings_at_idx" ON "staff_sign_in_warnings" USING btree ("at");
