CREATE TABLE "tracked_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"clone_id" uuid NOT NULL,
	"type" text NOT NULL,
	"conversation_id" uuid,
	"message_id" uuid,
	"visitor_id" text,
	"user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tracked_events" ADD CONSTRAINT "tracked_events_clone_id_clones_id_fk" FOREIGN KEY ("clone_id") REFERENCES "public"."clones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracked_events" ADD CONSTRAINT "tracked_events_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracked_events" ADD CONSTRAINT "tracked_events_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracked_events" ADD CONSTRAINT "tracked_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tracked_events_clone_type_created_idx" ON "tracked_events" USING btree ("clone_id","type","created_at");