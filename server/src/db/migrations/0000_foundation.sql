CREATE TABLE "refresh_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"user_agent" text,
	"address" text,
	CONSTRAINT "refresh_sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "sign_in_failures" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"last_failure_at" timestamp with time zone DEFAULT now() NOT NULL,
	"blocked_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "user_role_assignments" (
	"user_id" uuid NOT NULL,
	"role_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_role_assignments_user_id_role_id_pk" PRIMARY KEY("user_id","role_id")
);
--> statement-breakpoint
CREATE TABLE "user_roles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"built_in_key" text,
	"actions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"entity_configuration" jsonb DEFAULT '{"gptSystemIds":[],"dataSourceIds":[]}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_roles_name_unique" UNIQUE("name"),
	CONSTRAINT "user_roles_built_in_key_unique" UNIQUE("built_in_key")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"display_name" text NOT NULL,
	"password_hash" text,
	"identity_provider" text DEFAULT 'Local' NOT NULL,
	"external_subject" text,
	"disabled" boolean DEFAULT false NOT NULL,
	"directory_groups" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"last_sign_in_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "brand_files" (
	"brand_key" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"blob_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "brand_files_brand_key_file_name_pk" PRIMARY KEY("brand_key","file_name")
);
--> statement-breakpoint
CREATE TABLE "brands" (
	"brand_key" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"logo_file_name" text,
	"navigation_logo_file_name" text,
	"splash_screen_background_file_name" text,
	"avatar_file_name" text,
	"use_login_background_img" boolean DEFAULT true NOT NULL,
	"login_background_main" text DEFAULT '#0f172a' NOT NULL,
	"login_alignment" text DEFAULT 'Center' NOT NULL,
	"theme" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "feature_flags" (
	"name" text PRIMARY KEY NOT NULL,
	"enabled" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "instance_settings" (
	"name" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gpt_system_prompts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"gpt_system_id" uuid NOT NULL,
	"title" text NOT NULL,
	"prompt" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gpt_systems" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"gpt_system_type" text DEFAULT 'System' NOT NULL,
	"brand_key" text DEFAULT 'default' NOT NULL,
	"owner_user_id" uuid,
	"published_config" jsonb,
	"is_public" boolean DEFAULT false NOT NULL,
	"avatar_blob_key" text,
	"avatar_content_type" text,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
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
CREATE TABLE "audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"aggregate_type" text NOT NULL,
	"aggregate_id" text NOT NULL,
	"domain_operation" text NOT NULL,
	"user_id" uuid,
	"user_name" text,
	"details" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
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
ALTER TABLE "refresh_sessions" ADD CONSTRAINT "refresh_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_role_assignments" ADD CONSTRAINT "user_role_assignments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_role_assignments" ADD CONSTRAINT "user_role_assignments_role_id_user_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."user_roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brand_files" ADD CONSTRAINT "brand_files_brand_key_brands_brand_key_fk" FOREIGN KEY ("brand_key") REFERENCES "public"."brands"("brand_key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gpt_system_prompts" ADD CONSTRAINT "gpt_system_prompts_gpt_system_id_gpt_systems_id_fk" FOREIGN KEY ("gpt_system_id") REFERENCES "public"."gpt_systems"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gpt_systems" ADD CONSTRAINT "gpt_systems_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
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
CREATE INDEX "refresh_sessions_user_idx" ON "refresh_sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "user_role_assignments_role_idx" ON "user_role_assignments" USING btree ("role_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_external_subject_key" ON "users" USING btree ("identity_provider","external_subject");--> statement-breakpoint
CREATE INDEX "gpt_system_prompts_agent_idx" ON "gpt_system_prompts" USING btree ("gpt_system_id","sort_order");--> statement-breakpoint
CREATE INDEX "recent_gpt_systems_user_idx" ON "recent_gpt_systems" USING btree ("user_id","last_used_at");--> statement-breakpoint
CREATE INDEX "audit_log_aggregate_idx" ON "audit_log" USING btree ("aggregate_type","aggregate_id");--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "user_prompts_user_created_idx" ON "user_prompts" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "deployments_name_key" ON "deployments" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "deployments_default_key" ON "deployments" USING btree ("is_default") WHERE "deployments"."is_default";--> statement-breakpoint
CREATE INDEX "deployments_connection_idx" ON "deployments" USING btree ("connection_id");--> statement-breakpoint
CREATE INDEX "conversation_segments_conversation_idx" ON "conversation_segments" USING btree ("conversation_id","created_at");--> statement-breakpoint
CREATE INDEX "conversation_segments_created_idx" ON "conversation_segments" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "conversations_user_modified_idx" ON "conversations" USING btree ("user_id","last_modified_at" DESC NULLS LAST,"id" DESC NULLS LAST);