CREATE TABLE "code_interpreter_files" (
	"id" uuid PRIMARY KEY NOT NULL,
	"conversation_id" uuid NOT NULL,
	"segment_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"byte_size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "conversation_segments" ADD COLUMN "code_interpreter_output" text;--> statement-breakpoint
ALTER TABLE "code_interpreter_files" ADD CONSTRAINT "code_interpreter_files_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "code_interpreter_files" ADD CONSTRAINT "code_interpreter_files_segment_id_conversation_segments_id_fk" FOREIGN KEY ("segment_id") REFERENCES "public"."conversation_segments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "code_interpreter_files_conversation_idx" ON "code_interpreter_files" USING btree ("conversation_id","created_at");