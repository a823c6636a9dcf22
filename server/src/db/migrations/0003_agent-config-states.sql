CREATE TABLE "gpt_system_config_states" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"gpt_system_id" uuid,
	"gpt_system_type" text NOT NULL,
	"owner_user_id" uuid,
	"name" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"config" jsonb NOT NULL,
	"avatar_blob_key" text,
	"avatar_content_type" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gpt_system_rag_data_sources" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"gpt_system_id" uuid NOT NULL,
	"data_source_id" uuid NOT NULL,
	"data_source_type" text DEFAULT 'FileLibrary' NOT NULL,
	"top_k" integer DEFAULT 5 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gpt_system_shares" (
	"gpt_system_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"accepted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gpt_system_shares_gpt_system_id_user_id_pk" PRIMARY KEY("gpt_system_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "gpt_system_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"gpt_system_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"config" jsonb NOT NULL,
	"config_state_id" uuid,
	"restored_from_version" integer,
	"published_by_user_id" uuid,
	"published_by_name" text DEFAULT '' NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "gpt_system_config_states" ADD CONSTRAINT "gpt_system_config_states_gpt_system_id_gpt_systems_id_fk" FOREIGN KEY ("gpt_system_id") REFERENCES "public"."gpt_systems"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gpt_system_config_states" ADD CONSTRAINT "gpt_system_config_states_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gpt_system_rag_data_sources" ADD CONSTRAINT "gpt_system_rag_data_sources_gpt_system_id_gpt_systems_id_fk" FOREIGN KEY ("gpt_system_id") REFERENCES "public"."gpt_systems"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gpt_system_shares" ADD CONSTRAINT "gpt_system_shares_gpt_system_id_gpt_systems_id_fk" FOREIGN KEY ("gpt_system_id") REFERENCES "public"."gpt_systems"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gpt_system_shares" ADD CONSTRAINT "gpt_system_shares_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gpt_system_versions" ADD CONSTRAINT "gpt_system_versions_gpt_system_id_gpt_systems_id_fk" FOREIGN KEY ("gpt_system_id") REFERENCES "public"."gpt_systems"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gpt_system_versions" ADD CONSTRAINT "gpt_system_versions_published_by_user_id_users_id_fk" FOREIGN KEY ("published_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gpt_system_config_states_agent_idx" ON "gpt_system_config_states" USING btree ("gpt_system_id","updated_at");--> statement-breakpoint
CREATE INDEX "gpt_system_config_states_owner_idx" ON "gpt_system_config_states" USING btree ("owner_user_id","gpt_system_type");--> statement-breakpoint
CREATE UNIQUE INDEX "gpt_system_rag_data_sources_link_idx" ON "gpt_system_rag_data_sources" USING btree ("gpt_system_id","data_source_id");--> statement-breakpoint
CREATE INDEX "gpt_system_shares_user_idx" ON "gpt_system_shares" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "gpt_system_versions_agent_version_idx" ON "gpt_system_versions" USING btree ("gpt_system_id","version");