CREATE TABLE "analytics_users_last_seen_days" (
	"dimension" text NOT NULL,
	"key" text NOT NULL,
	"privacy" text NOT NULL,
	"day" timestamp with time zone NOT NULL,
	"users" integer NOT NULL,
	CONSTRAINT "analytics_users_last_seen_days_dimension_day_key_privacy_pk" PRIMARY KEY("dimension","day","key","privacy")
);
--> statement-breakpoint
-- the days of the users already rolled up
INSERT INTO "analytics_users_last_seen_days" ("dimension", "key", "privacy", "day", "users")
SELECT "dimension", "key", "privacy", date_trunc('day', "last_hour", 'UTC'), count(*)::int FROM "analytics_users_last_seen" GROUP BY 1, 2, 3, 4;
