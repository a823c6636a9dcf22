CREATE TABLE "public_endpoints" (
	"endpoint_name" text PRIMARY KEY NOT NULL,
	"gpt_system_id" uuid NOT NULL,
	"configuration" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "public_endpoints_gpt_system_id_unique" UNIQUE("gpt_system_id")
);
--> statement-breakpoint
ALTER TABLE "conversations" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "public_endpoint_name" text;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "client_address" text;--> statement-breakpoint
ALTER TABLE "public_endpoints" ADD CONSTRAINT "public_endpoints_gpt_system_id_gpt_systems_id_fk" FOREIGN KEY ("gpt_system_id") REFERENCES "public"."gpt_systems"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conversations_visitor_modified_idx" ON "conversations" USING btree ("public_endpoint_name","session_identifier","last_modified_at" DESC NULLS LAST) WHERE "conversations"."public_endpoint_name" is not null;