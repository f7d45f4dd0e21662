CREATE TABLE "clone_invites" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"clone_id" uuid NOT NULL,
	"email" text NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_by" uuid,
	CONSTRAINT "clone_invites_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "clone_invites_clone_email_unique" UNIQUE("clone_id","email")
);
--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "state" text DEFAULT 'ready' NOT NULL;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "error" text;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "source_kind" text;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "upload_id" uuid;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "added_by" uuid;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "read_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "clone_invites" ADD CONSTRAINT "clone_invites_clone_id_clones_id_fk" FOREIGN KEY ("clone_id") REFERENCES "public"."clones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clone_invites" ADD CONSTRAINT "clone_invites_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clone_invites" ADD CONSTRAINT "clone_invites_accepted_by_users_id_fk" FOREIGN KEY ("accepted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "clone_invites_clone_idx" ON "clone_invites" USING btree ("clone_id");--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_upload_id_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_added_by_users_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "documents_state_idx" ON "documents" USING btree ("state");