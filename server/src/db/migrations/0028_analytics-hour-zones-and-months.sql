CREATE TABLE "analytics_daily_users" (
	"day" timestamp with time zone PRIMARY KEY NOT NULL,
	"users" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_hour_zones" (
	"time_zone" text PRIMARY KEY NOT NULL,
	"used_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_users_monthly" (
	"month" timestamp with time zone NOT NULL,
	"user_id" uuid,
	"privacy" text NOT NULL,
	"gpt_system_id" uuid,
	"model" text NOT NULL,
	"deployment_name" text NOT NULL,
	"segments" integer NOT NULL,
	"input_tokens" bigint NOT NULL,
	"output_tokens" bigint NOT NULL,
	CONSTRAINT "analytics_users_monthly_key" UNIQUE NULLS NOT DISTINCT("month","user_id","privacy","gpt_system_id","model","deployment_name")
);
--> statement-breakpoint
-- the months and days of the users already rolled up (the zones' hours of the day are kept when first asked for)
INSERT INTO "analytics_users_monthly" ("month", "user_id", "privacy", "gpt_system_id", "model", "deployment_name", "segments", "input_tokens", "output_tokens")
SELECT date_trunc('month', "day", 'UTC'), "user_id", "privacy", "gpt_system_id", "model", "deployment_name", sum("segments")::int, sum("input_tokens"), sum("output_tokens")
FROM "analytics_users_daily" GROUP BY 1, 2, 3, 4, 5, 6;--> statement-breakpoint
INSERT INTO "analytics_daily_users" ("day", "users")
SELECT "day", count(*)::int FROM (SELECT "day", "user_key" FROM "analytics_users_daily" GROUP BY 1, 2) d GROUP BY 1;
