CREATE TABLE "analytics_rollup_state" (
	"name" text PRIMARY KEY NOT NULL,
	"rolled_until" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_totals_hourly" (
	"hour" timestamp with time zone PRIMARY KEY NOT NULL,
	"conversations" integer NOT NULL,
	"segments" integer NOT NULL,
	"input_tokens" bigint NOT NULL,
	"output_tokens" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_usage_daily" (
	"day" timestamp with time zone NOT NULL,
	"gpt_system_id" uuid,
	"brand_key" text NOT NULL,
	"model" text NOT NULL,
	"deployment_name" text NOT NULL,
	"privacy" text NOT NULL,
	"conversations" integer NOT NULL,
	"segments" integer NOT NULL,
	"input_tokens" bigint NOT NULL,
	"output_tokens" bigint NOT NULL,
	"feedback_positive" integer NOT NULL,
	"feedback_negative" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_usage_hourly" (
	"hour" timestamp with time zone NOT NULL,
	"gpt_system_id" uuid,
	"brand_key" text NOT NULL,
	"model" text NOT NULL,
	"deployment_name" text NOT NULL,
	"privacy" text NOT NULL,
	"conversations" integer NOT NULL,
	"segments" integer NOT NULL,
	"input_tokens" bigint NOT NULL,
	"output_tokens" bigint NOT NULL,
	"feedback_positive" integer NOT NULL,
	"feedback_negative" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_users_daily" (
	"day" timestamp with time zone NOT NULL,
	"user_key" uuid NOT NULL,
	"user_id" uuid,
	"gpt_system_id" uuid,
	"brand_key" text NOT NULL,
	"model" text NOT NULL,
	"deployment_name" text NOT NULL,
	"privacy" text NOT NULL,
	"segments" integer NOT NULL,
	"input_tokens" bigint NOT NULL,
	"output_tokens" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_users_hourly" (
	"hour" timestamp with time zone NOT NULL,
	"user_key" uuid NOT NULL,
	"user_id" uuid,
	"gpt_system_id" uuid,
	"brand_key" text NOT NULL,
	"model" text NOT NULL,
	"deployment_name" text NOT NULL,
	"privacy" text NOT NULL,
	"segments" integer NOT NULL,
	"input_tokens" bigint NOT NULL,
	"output_tokens" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "analytics_usage_daily_day_idx" ON "analytics_usage_daily" USING btree ("day");--> statement-breakpoint
CREATE INDEX "analytics_usage_daily_agent_idx" ON "analytics_usage_daily" USING btree ("gpt_system_id","day");--> statement-breakpoint
CREATE INDEX "analytics_usage_hourly_hour_idx" ON "analytics_usage_hourly" USING btree ("hour");--> statement-breakpoint
CREATE INDEX "analytics_usage_hourly_agent_idx" ON "analytics_usage_hourly" USING btree ("gpt_system_id","hour");--> statement-breakpoint
CREATE INDEX "analytics_users_daily_day_idx" ON "analytics_users_daily" USING btree ("day");--> statement-breakpoint
CREATE INDEX "analytics_users_hourly_hour_idx" ON "analytics_users_hourly" USING btree ("hour");