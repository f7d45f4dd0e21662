ALTER TABLE "usage_counters" DROP CONSTRAINT "usage_counters_clone_subject_period_unique";--> statement-breakpoint
ALTER TABLE "usage_counters" DROP CONSTRAINT "usage_counters_instance_id_instances_id_fk";
--> statement-breakpoint
ALTER TABLE "clones" ADD COLUMN "upsell_title" text;--> statement-breakpoint
ALTER TABLE "usage_counters" ADD CONSTRAINT "usage_counters_instance_id_instances_id_fk" FOREIGN KEY ("instance_id") REFERENCES "public"."instances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_counters" ADD CONSTRAINT "usage_counters_scope_subject_period_unique" UNIQUE NULLS NOT DISTINCT("clone_id","instance_id","subject","period_start");