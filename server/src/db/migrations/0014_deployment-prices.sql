ALTER TABLE "deployments" ADD COLUMN "input_price_per_million_tokens" numeric(14, 6);--> statement-breakpoint
ALTER TABLE "deployments" ADD COLUMN "output_price_per_million_tokens" numeric(14, 6);