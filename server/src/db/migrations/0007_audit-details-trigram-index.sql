-- Trigram indexes for the audit page's free-text searches in details and user names (case-insensitive contains). Like
-- 0002, it is skipped with a warning when pg_trgm is not available; the search then scans.
DO $$
BEGIN
	IF EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm') THEN
		BEGIN
			CREATE EXTENSION IF NOT EXISTS pg_trgm;
		EXCEPTION WHEN OTHERS THEN
			RAISE WARNING 'pg_trgm could not be created (%): audit details and user name searches will not be indexed', SQLERRM;
		END;
	END IF;
	IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
		CREATE INDEX IF NOT EXISTS "audit_log_details_trgm_idx" ON "audit_log" USING gin ((lower("details"::text)) gin_trgm_ops);
		CREATE INDEX IF NOT EXISTS "audit_log_user_name_trgm_idx" ON "audit_log" USING gin ((lower("user_name")) gin_trgm_ops);
	ELSE
		RAISE WARNING 'pg_trgm is not available: audit details and user name searches will not be indexed';
	END IF;
END $$;
