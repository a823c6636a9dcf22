ALTER TABLE "file_libraries" ADD COLUMN "gpt_system_id" uuid;--> statement-breakpoint
ALTER TABLE "library_files" ADD COLUMN "source_attachment_id" uuid;--> statement-breakpoint
CREATE UNIQUE INDEX "file_libraries_agent_idx" ON "file_libraries" USING btree ("gpt_system_id") WHERE gpt_system_id is not null;