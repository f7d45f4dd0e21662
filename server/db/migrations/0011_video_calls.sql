CREATE TABLE "video_call_failures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" text NOT NULL,
	"call_id" uuid,
	"conversation_id" uuid,
	"tavus_conversation_id" text,
	"slug" text NOT NULL,
	"user_id" uuid,
	"visitor_id" text,
	"cause" text NOT NULL,
	"message" text NOT NULL,
	"outcome" text NOT NULL,
	"details" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "video_calls" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"conversation_id" uuid NOT NULL,
	"clone_id" uuid NOT NULL,
	"instance_id" uuid,
	"user_id" uuid,
	"visitor_id" text,
	"ledger_subject" text NOT NULL,
	"ledger_period_start" timestamp with time zone NOT NULL,
	"ledger_scope" uuid,
	"language" text NOT NULL,
	"provider" text NOT NULL,
	"tavus_conversation_id" text,
	"tavus_conversation_url" text,
	"started_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"end_reason" text,
	"duration_seconds" integer,
	"replica_boot_duration" integer,
	"charged" boolean DEFAULT false NOT NULL,
	"recording_upload_id" uuid,
	"recording_url" text,
	CONSTRAINT "video_calls_tavus_conversation_id_unique" UNIQUE("tavus_conversation_id")
);
--> statement-breakpoint
ALTER TABLE "video_calls" ADD CONSTRAINT "video_calls_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_calls" ADD CONSTRAINT "video_calls_clone_id_clones_id_fk" FOREIGN KEY ("clone_id") REFERENCES "public"."clones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_calls" ADD CONSTRAINT "video_calls_instance_id_instances_id_fk" FOREIGN KEY ("instance_id") REFERENCES "public"."instances"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_calls" ADD CONSTRAINT "video_calls_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_calls" ADD CONSTRAINT "video_calls_recording_upload_id_uploads_id_fk" FOREIGN KEY ("recording_upload_id") REFERENCES "public"."uploads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "video_calls_conversation_idx" ON "video_calls" USING btree ("conversation_id");--> statement-breakpoint
CREATE INDEX "video_calls_open_idx" ON "video_calls" USING btree ("last_seen_at") WHERE "video_calls"."ended_at" is null;