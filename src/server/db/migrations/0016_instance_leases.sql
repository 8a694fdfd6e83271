-- A checkout whose process died frees its Idempotency-Key within seconds: claims name their instance, instances beat (decision 31).
CREATE TABLE "store_instances" (
	"id" text PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "holder" text;