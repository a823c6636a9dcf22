CREATE TABLE "chat_access_policies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"all_gpt_systems" boolean DEFAULT false NOT NULL,
	"gpt_system_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"user_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"user_role_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"directory_group_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gpt_system_guidelines" (
	"gpt_system_id" uuid PRIMARY KEY NOT NULL,
	"document_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "guidelines_consents" (
	"user_id" uuid NOT NULL,
	"document_id" uuid NOT NULL,
	"content_version" text NOT NULL,
	"consented_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "guidelines_consents_user_id_document_id_pk" PRIMARY KEY("user_id","document_id")
);
--> statement-breakpoint
CREATE TABLE "guidelines_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"is_template" boolean DEFAULT false NOT NULL,
	"content_version" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "guidelines_sections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"document_id" uuid NOT NULL,
	"title" text NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"sort_order" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "gpt_system_guidelines" ADD CONSTRAINT "gpt_system_guidelines_gpt_system_id_gpt_systems_id_fk" FOREIGN KEY ("gpt_system_id") REFERENCES "public"."gpt_systems"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gpt_system_guidelines" ADD CONSTRAINT "gpt_system_guidelines_document_id_guidelines_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."guidelines_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guidelines_consents" ADD CONSTRAINT "guidelines_consents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guidelines_consents" ADD CONSTRAINT "guidelines_consents_document_id_guidelines_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."guidelines_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guidelines_sections" ADD CONSTRAINT "guidelines_sections_document_id_guidelines_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."guidelines_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "guidelines_documents_template_idx" ON "guidelines_documents" USING btree ("is_template","title");--> statement-breakpoint
CREATE INDEX "guidelines_sections_document_idx" ON "guidelines_sections" USING btree ("document_id","sort_order");