DROP INDEX "library_files_unfinished_idx";--> statement-breakpoint
ALTER TABLE "file_libraries" ADD COLUMN "embedding_deployment_id" uuid;--> statement-breakpoint
ALTER TABLE "file_libraries" ADD CONSTRAINT "file_libraries_embedding_deployment_id_deployments_id_fk" FOREIGN KEY ("embedding_deployment_id") REFERENCES "public"."deployments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "library_files_unfinished_idx" ON "library_files" USING btree ("updated_at") WHERE status in ('Queued', 'Processing', 'OutOfDate');