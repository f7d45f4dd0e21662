CREATE TABLE "periodic_runs" (
	"name" text PRIMARY KEY NOT NULL,
	"claimed_by" text,
	"claim_expires_at" timestamp with time zone,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "rate_limit_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"reset_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "claimed_by" text;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "claim_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "upload_texts" ADD COLUMN "claimed_by" text;--> statement-breakpoint
ALTER TABLE "upload_texts" ADD COLUMN "claim_expires_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "rate_limit_counters_reset_idx" ON "rate_limit_counters" USING btree ("reset_at");--> statement-breakpoint
CREATE INDEX "upload_texts_state_idx" ON "upload_texts" USING btree ("state");