CREATE TABLE "generated_images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"conversation_id" uuid NOT NULL,
	"segment_id" uuid NOT NULL,
	"key_hash" text NOT NULL,
	"file_name" text NOT NULL,
	"title" text NOT NULL,
	"prompt" text NOT NULL,
	"content_type" text NOT NULL,
	"byte_size" integer NOT NULL,
	"blob_key" text NOT NULL,
	"deployment_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "deployments_default_key";--> statement-breakpoint
ALTER TABLE "deployments" ADD COLUMN "kind" text DEFAULT 'Chat' NOT NULL;--> statement-breakpoint
ALTER TABLE "generated_images" ADD CONSTRAINT "generated_images_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "generated_images" ADD CONSTRAINT "generated_images_segment_id_conversation_segments_id_fk" FOREIGN KEY ("segment_id") REFERENCES "public"."conversation_segments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "generated_images_segment_file_key" ON "generated_images" USING btree ("segment_id","file_name");--> statement-breakpoint
CREATE INDEX "generated_images_conversation_idx" ON "generated_images" USING btree ("conversation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "deployments_default_key" ON "deployments" USING btree ("kind") WHERE "deployments"."is_default";