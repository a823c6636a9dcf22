CREATE TABLE "performance_test_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"gpt_system_id" uuid,
	"gpt_system_name" text NOT NULL,
	"deployment_name" text NOT NULL,
	"status" text DEFAULT 'Queued' NOT NULL,
	"active" boolean,
	"virtual_users" integer NOT NULL,
	"questions_per_user" integer NOT NULL,
	"ramp_up_seconds" integer NOT NULL,
	"questions" jsonb NOT NULL,
	"estimate" jsonb NOT NULL,
	"results" jsonb,
	"error" text,
	"created_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"cancel_requested_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "conversation_segments" ADD COLUMN "performance_test_run_id" uuid;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "performance_test_run_id" uuid;--> statement-breakpoint
ALTER TABLE "performance_test_runs" ADD CONSTRAINT "performance_test_runs_gpt_system_id_gpt_systems_id_fk" FOREIGN KEY ("gpt_system_id") REFERENCES "public"."gpt_systems"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "performance_test_runs" ADD CONSTRAINT "performance_test_runs_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "performance_test_runs_active_idx" ON "performance_test_runs" USING btree ("active");--> statement-breakpoint
CREATE INDEX "performance_test_runs_created_idx" ON "performance_test_runs" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "performance_test_runs_agent_created_idx" ON "performance_test_runs" USING btree ("gpt_system_id","created_at" DESC NULLS LAST) WHERE "performance_test_runs"."gpt_system_id" is not null;