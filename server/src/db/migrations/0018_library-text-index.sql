ALTER TABLE "file_libraries" ADD COLUMN "text_index_enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "file_libraries" ADD COLUMN "filterable_fields" jsonb;