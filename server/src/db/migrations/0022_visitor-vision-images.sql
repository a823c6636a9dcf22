ALTER TABLE "vision_images" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "vision_images" ADD COLUMN "public_endpoint_name" text;--> statement-breakpoint
ALTER TABLE "vision_images" ADD COLUMN "session_identifier" text;--> statement-breakpoint
CREATE INDEX "vision_images_visitor_created_idx" ON "vision_images" USING btree ("public_endpoint_name","session_identifier","created_at");--> statement-breakpoint
ALTER TABLE "vision_images" ADD CONSTRAINT "vision_images_one_owner" CHECK (("vision_images"."user_id" is not null and "vision_images"."public_endpoint_name" is null and "vision_images"."session_identifier" is null) or ("vision_images"."user_id" is null and "vision_images"."public_endpoint_name" is not null and "vision_images"."session_identifier" is not null));