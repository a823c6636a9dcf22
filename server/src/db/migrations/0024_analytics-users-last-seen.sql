CREATE TABLE "analytics_user_buckets" (
	"time_zone" text NOT NULL,
	"unit" text NOT NULL,
	"bucket_start" timestamp with time zone NOT NULL,
	"bucket_end" timestamp with time zone NOT NULL,
	"signed_in_users" integer NOT NULL,
	"visitors" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "analytics_user_buckets_time_zone_unit_bucket_start_bucket_end_pk" PRIMARY KEY("time_zone","unit","bucket_start","bucket_end")
);
--> statement-breakpoint
CREATE TABLE "analytics_users_last_seen" (
	"dimension" text NOT NULL,
	"key" text NOT NULL,
	"user_key" uuid NOT NULL,
	"privacy" text NOT NULL,
	"last_hour" timestamp with time zone NOT NULL,
	CONSTRAINT "analytics_users_last_seen_dimension_key_user_key_privacy_pk" PRIMARY KEY("dimension","key","user_key","privacy")
);
--> statement-breakpoint
CREATE INDEX "analytics_users_last_seen_hour_idx" ON "analytics_users_last_seen" USING btree ("dimension","last_hour");--> statement-breakpoint
-- the users already rolled up: when each last asked, in all, per agent and per brand
INSERT INTO "analytics_users_last_seen" ("dimension", "key", "user_key", "privacy", "last_hour")
SELECT 'all', '', "user_key", "privacy", max("hour") FROM "analytics_users_hourly" GROUP BY 3, 4
UNION ALL
SELECT 'agent', coalesce("gpt_system_id"::text, ''), "user_key", "privacy", max("hour") FROM "analytics_users_hourly" GROUP BY 2, 3, 4
UNION ALL
SELECT 'brand', "brand_key", "user_key", "privacy", max("hour") FROM "analytics_users_hourly" GROUP BY 2, 3, 4;
