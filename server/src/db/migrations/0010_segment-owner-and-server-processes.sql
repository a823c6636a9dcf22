CREATE TABLE "server_processes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "conversation_segments" ADD COLUMN "owner_process_id" uuid;--> statement-breakpoint
CREATE INDEX "conversation_segments_in_progress_idx" ON "conversation_segments" USING btree ("owner_process_id") WHERE "conversation_segments"."status" = 'InProgress';