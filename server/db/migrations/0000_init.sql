CREATE TABLE "clone_orgs" (
	"clone_id" uuid NOT NULL,
	"org_id" uuid NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "clone_orgs_clone_id_org_id_pk" PRIMARY KEY("clone_id","org_id")
);
--> statement-breakpoint
CREATE TABLE "clones" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"headline" text,
	"description" text,
	"image_url" text,
	"verified" boolean DEFAULT false NOT NULL,
	"public" boolean DEFAULT true NOT NULL,
	"language" text DEFAULT 'English' NOT NULL,
	"languages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"voice_id" text,
	"allow_voice" boolean DEFAULT false NOT NULL,
	"allow_video" boolean DEFAULT false NOT NULL,
	"phone_number" text,
	"telegram_username" text,
	"phone_sms_enabled" boolean DEFAULT false NOT NULL,
	"phone_whatsapp_enabled" boolean DEFAULT false NOT NULL,
	"telegram_enabled" boolean DEFAULT false NOT NULL,
	"view_sources" boolean DEFAULT true NOT NULL,
	"tone_feedback" text,
	"tier" text DEFAULT 'FREE' NOT NULL,
	"status" text DEFAULT 'IDLE' NOT NULL,
	"onboarding_state" text,
	"options" jsonb NOT NULL,
	"socials" jsonb NOT NULL,
	"anonymous_quota" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clones_key_unique" UNIQUE("key"),
	CONSTRAINT "clones_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "document_chunks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"document_id" uuid NOT NULL,
	"clone_id" uuid NOT NULL,
	"index" integer NOT NULL,
	"text" text NOT NULL,
	"timestamp_ms" integer,
	"token_count" integer NOT NULL,
	CONSTRAINT "document_chunks_document_index_unique" UNIQUE("document_id","index")
);
--> statement-breakpoint
CREATE TABLE "documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"clone_id" uuid NOT NULL,
	"key" text,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"url" text,
	"tweet_id" text,
	"published_at" timestamp with time zone,
	"text" text DEFAULT '' NOT NULL,
	"segments" jsonb,
	"product" jsonb,
	"content_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "documents_clone_key_unique" UNIQUE("clone_id","key")
);
--> statement-breakpoint
CREATE TABLE "instances" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"clone_id" uuid NOT NULL,
	"key" text,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"image_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "instances_clone_slug_unique" UNIQUE("clone_id","slug"),
	CONSTRAINT "instances_clone_key_unique" UNIQUE("clone_id","key")
);
--> statement-breakpoint
CREATE TABLE "memberships" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"clone_id" uuid NOT NULL,
	"key" text,
	"name" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"base_price" numeric(10, 2),
	"annual_price" numeric(10, 2),
	"sms_enabled" boolean DEFAULT false NOT NULL,
	"voice_enabled" boolean DEFAULT false NOT NULL,
	"video_enabled" boolean DEFAULT false NOT NULL,
	"telegram_enabled" boolean DEFAULT false NOT NULL,
	"custom_description" text,
	"included_minutes_per_month" integer DEFAULT 0 NOT NULL,
	"included_messages_per_month" integer DEFAULT 0 NOT NULL,
	"included_video_minutes_per_month" integer DEFAULT 0 NOT NULL,
	"instance_id" uuid,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "memberships_clone_key_unique" UNIQUE("clone_id","key")
);
--> statement-breakpoint
CREATE TABLE "orgs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text,
	"name" text NOT NULL,
	"icon_url" text,
	CONSTRAINT "orgs_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "relationships" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"clone_id" uuid NOT NULL,
	"type" text DEFAULT 'CONSUMER' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "relationships_user_clone_unique" UNIQUE("user_id","clone_id")
);
--> statement-breakpoint
CREATE TABLE "suggested_questions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"clone_id" uuid NOT NULL,
	"key" text,
	"question" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "suggested_questions_clone_key_unique" UNIQUE("clone_id","key")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text,
	"name" text,
	"email" text NOT NULL,
	"image_url" text,
	"phone_number" text,
	"telegram_username" text,
	"staff" boolean DEFAULT false NOT NULL,
	"banned" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_key_unique" UNIQUE("key"),
	CONSTRAINT "users_email_unique" UNIQUE("email"),
	CONSTRAINT "users_email_lower_case" CHECK ("users"."email" = lower("users"."email"))
);
--> statement-breakpoint
ALTER TABLE "clone_orgs" ADD CONSTRAINT "clone_orgs_clone_id_clones_id_fk" FOREIGN KEY ("clone_id") REFERENCES "public"."clones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clone_orgs" ADD CONSTRAINT "clone_orgs_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_chunks" ADD CONSTRAINT "document_chunks_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_chunks" ADD CONSTRAINT "document_chunks_clone_id_clones_id_fk" FOREIGN KEY ("clone_id") REFERENCES "public"."clones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_clone_id_clones_id_fk" FOREIGN KEY ("clone_id") REFERENCES "public"."clones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instances" ADD CONSTRAINT "instances_clone_id_clones_id_fk" FOREIGN KEY ("clone_id") REFERENCES "public"."clones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_clone_id_clones_id_fk" FOREIGN KEY ("clone_id") REFERENCES "public"."clones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_instance_id_instances_id_fk" FOREIGN KEY ("instance_id") REFERENCES "public"."instances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "relationships" ADD CONSTRAINT "relationships_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "relationships" ADD CONSTRAINT "relationships_clone_id_clones_id_fk" FOREIGN KEY ("clone_id") REFERENCES "public"."clones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suggested_questions" ADD CONSTRAINT "suggested_questions_clone_id_clones_id_fk" FOREIGN KEY ("clone_id") REFERENCES "public"."clones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "document_chunks_clone_idx" ON "document_chunks" USING btree ("clone_id");--> statement-breakpoint
CREATE INDEX "documents_clone_idx" ON "documents" USING btree ("clone_id");--> statement-breakpoint
CREATE INDEX "memberships_clone_idx" ON "memberships" USING btree ("clone_id","position");--> statement-breakpoint
CREATE INDEX "relationships_clone_idx" ON "relationships" USING btree ("clone_id");--> statement-breakpoint
CREATE INDEX "suggested_questions_clone_idx" ON "suggested_questions" USING btree ("clone_id","position");