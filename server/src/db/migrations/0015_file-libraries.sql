CREATE TABLE "file_libraries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"chunk_size" integer NOT NULL,
	"chunk_overlap" integer NOT NULL,
	"language" text NOT NULL,
	"created_by_user_id" uuid,
	"created_by_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "library_chunks" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "library_chunks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"file_id" uuid NOT NULL,
	"library_id" uuid NOT NULL,
	"run" integer NOT NULL,
	"chunk_index" integer NOT NULL,
	"text" text NOT NULL,
	"headings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"page_start" integer,
	"page_end" integer,
	"search" "tsvector"
);
--> statement-breakpoint
CREATE TABLE "library_file_logs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "library_file_logs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"file_id" uuid NOT NULL,
	"run" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"level" text NOT NULL,
	"stage" text,
	"message" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "library_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"library_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"mime_type" text NOT NULL,
	"kind" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"content_hash" text NOT NULL,
	"blob_key" text NOT NULL,
	"status" text NOT NULL,
	"stage" text,
	"progress_percent" integer DEFAULT 0 NOT NULL,
	"run" integer DEFAULT 1 NOT NULL,
	"page_count" integer,
	"chunk_count" integer DEFAULT 0 NOT NULL,
	"character_count" integer DEFAULT 0 NOT NULL,
	"truncated" boolean DEFAULT false NOT NULL,
	"error_message" text,
	"uploaded_by_user_id" uuid,
	"uploaded_by_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "file_libraries" ADD CONSTRAINT "file_libraries_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_chunks" ADD CONSTRAINT "library_chunks_file_id_library_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."library_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_file_logs" ADD CONSTRAINT "library_file_logs_file_id_library_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."library_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_files" ADD CONSTRAINT "library_files_library_id_file_libraries_id_fk" FOREIGN KEY ("library_id") REFERENCES "public"."file_libraries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_files" ADD CONSTRAINT "library_files_uploaded_by_user_id_users_id_fk" FOREIGN KEY ("uploaded_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "library_chunks_file_run_index_idx" ON "library_chunks" USING btree ("file_id","run","chunk_index");--> statement-breakpoint
CREATE INDEX "library_chunks_library_idx" ON "library_chunks" USING btree ("library_id");--> statement-breakpoint
CREATE INDEX "library_chunks_search_idx" ON "library_chunks" USING gin ("search");--> statement-breakpoint
CREATE INDEX "library_file_logs_file_run_idx" ON "library_file_logs" USING btree ("file_id","run","id");--> statement-breakpoint
CREATE INDEX "library_files_library_created_idx" ON "library_files" USING btree ("library_id","created_at","id");--> statement-breakpoint
CREATE INDEX "library_files_library_hash_idx" ON "library_files" USING btree ("library_id","content_hash");--> statement-breakpoint
CREATE INDEX "library_files_unfinished_idx" ON "library_files" USING btree ("updated_at") WHERE status in ('Queued', 'Processing');