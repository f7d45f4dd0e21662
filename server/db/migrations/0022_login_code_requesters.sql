ALTER TABLE "login_codes" ADD COLUMN "requester_hash" text;--> statement-breakpoint
CREATE INDEX "login_codes_email_requester_idx" ON "login_codes" USING btree ("email","requester_hash");