CREATE TABLE "gpt_system_prompts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"gpt_system_id" uuid NOT NULL,
	"title" text NOT NULL,
	"prompt" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pinned_gpt_systems" (
	"user_id" uuid NOT NULL,
	"gpt_system_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pinned_gpt_systems_user_id_gpt_system_id_pk" PRIMARY KEY("user_id","gpt_system_id")
);
--> statement-breakpoint
CREATE TABLE "recent_gpt_systems" (
	"user_id" uuid NOT NULL,
	"gpt_system_id" uuid NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recent_gpt_systems_user_id_gpt_system_id_pk" PRIMARY KEY("user_id","gpt_system_id")
);
--> statement-breakpoint
CREATE TABLE "user_prompts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"title" text NOT NULL,
	"prompt" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "connections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"provider_type" text NOT NULL,
	"endpoint" text,
	"api_version" text,
	"api_key_encrypted" text,
	"created_from_environment" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deployments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"display_name" text NOT NULL,
	"model" text NOT NULL,
	"connection_id" uuid NOT NULL,
	"vision" boolean DEFAULT false NOT NULL,
	"tools" boolean DEFAULT false NOT NULL,
	"hipaa_compliant" boolean DEFAULT false NOT NULL,
	"context_window" integer,
	"max_output_tokens" integer,
	"is_default" boolean DEFAULT false NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "conversation_segments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"conversation_id" uuid NOT NULL,
	"parent_segment_id" uuid,
	"regenerated_from_segment_id" uuid,
	"question" text NOT NULL,
	"answer" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'InProgress' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	"answered_with_model" jsonb,
	"citations" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"feedback" jsonb,
	"vision_image_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"attachment_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"execution_logs" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"model" text,
	"deployment_name" text,
	"prompt_tokens" integer,
	"completion_tokens" integer,
	"tokens_estimated" boolean,
	"time_to_first_token_ms" integer,
	"duration_ms" integer,
	"gpt_system_id" uuid,
	"brand_key" text,
	"user_id" uuid
);
--> statement-breakpoint
CREATE TABLE "conversations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"gpt_system_id" uuid,
	"config_state_id" uuid,
	"title" text NOT NULL,
	"title_lower" text GENERATED ALWAYS AS (lower("title")) STORED,
	"title_is_generated" boolean DEFAULT false NOT NULL,
	"session_identifier" text,
	"selected_leaf_segment_id" uuid,
	"archived" boolean DEFAULT false NOT NULL,
	"deleted_at" timestamp with time zone,
	"is_temporary" boolean DEFAULT false NOT NULL,
	"brand_key" text DEFAULT 'default' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "gpt_systems" ADD COLUMN "is_public" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "gpt_systems" ADD COLUMN "avatar_blob_key" text;--> statement-breakpoint
ALTER TABLE "gpt_systems" ADD COLUMN "avatar_content_type" text;--> statement-breakpoint
ALTER TABLE "gpt_system_prompts" ADD CONSTRAINT "gpt_system_prompts_gpt_system_id_gpt_systems_id_fk" FOREIGN KEY ("gpt_system_id") REFERENCES "public"."gpt_systems"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pinned_gpt_systems" ADD CONSTRAINT "pinned_gpt_systems_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pinned_gpt_systems" ADD CONSTRAINT "pinned_gpt_systems_gpt_system_id_gpt_systems_id_fk" FOREIGN KEY ("gpt_system_id") REFERENCES "public"."gpt_systems"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recent_gpt_systems" ADD CONSTRAINT "recent_gpt_systems_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recent_gpt_systems" ADD CONSTRAINT "recent_gpt_systems_gpt_system_id_gpt_systems_id_fk" FOREIGN KEY ("gpt_system_id") REFERENCES "public"."gpt_systems"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_prompts" ADD CONSTRAINT "user_prompts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deployments" ADD CONSTRAINT "deployments_connection_id_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_segments" ADD CONSTRAINT "conversation_segments_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_segments" ADD CONSTRAINT "conversation_segments_parent_segment_id_conversation_segments_id_fk" FOREIGN KEY ("parent_segment_id") REFERENCES "public"."conversation_segments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_gpt_system_id_gpt_systems_id_fk" FOREIGN KEY ("gpt_system_id") REFERENCES "public"."gpt_systems"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gpt_system_prompts_agent_idx" ON "gpt_system_prompts" USING btree ("gpt_system_id","sort_order");--> statement-breakpoint
CREATE INDEX "recent_gpt_systems_user_idx" ON "recent_gpt_systems" USING btree ("user_id","last_used_at");--> statement-breakpoint
CREATE INDEX "user_prompts_user_created_idx" ON "user_prompts" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "deployments_name_key" ON "deployments" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "deployments_default_key" ON "deployments" USING btree ("is_default") WHERE "deployments"."is_default";--> statement-breakpoint
CREATE INDEX "deployments_connection_idx" ON "deployments" USING btree ("connection_id");--> statement-breakpoint
CREATE INDEX "conversation_segments_conversation_idx" ON "conversation_segments" USING btree ("conversation_id","created_at");--> statement-breakpoint
CREATE INDEX "conversation_segments_created_idx" ON "conversation_segments" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "conversations_user_modified_idx" ON "conversations" USING btree ("user_id","last_modified_at" DESC NULLS LAST,"id" DESC NULLS LAST);