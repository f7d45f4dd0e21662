CREATE INDEX "checkout_sessions_clone_created_idx" ON "checkout_sessions" USING btree ("clone_id","created_at");--> statement-breakpoint
CREATE INDEX "voice_calls_clone_started_idx" ON "voice_calls" USING btree ("clone_id","started_at");--> statement-breakpoint
CREATE INDEX "conversations_clone_updated_idx" ON "conversations" USING btree ("clone_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "conversations_clone_created_idx" ON "conversations" USING btree ("clone_id","created_at");--> statement-breakpoint
CREATE INDEX "video_calls_clone_started_idx" ON "video_calls" USING btree ("clone_id","started_at");