-- Trigram index for conversation title search (case-insensitive contains). pg_trgm ships with
-- PGlite and with most PostgreSQL servers, but a server may lack the contrib package or the right
-- to create it: then the index is skipped with a warning (the server logs it too, see db/client.ts)
-- and search reads the person's conversations along conversations_user_modified_idx instead.
DO $$
BEGIN
	IF EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm') THEN
		BEGIN
			CREATE EXTENSION IF NOT EXISTS pg_trgm;
		EXCEPTION WHEN OTHERS THEN
			RAISE WARNING 'pg_trgm could not be created (%): conversation title search will not be indexed', SQLERRM;
		END;
	END IF;
	IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
		CREATE INDEX IF NOT EXISTS "conversations_title_trgm_idx" ON "conversations" USING gin ("title_lower" gin_trgm_ops);
	ELSE
		RAISE WARNING 'pg_trgm is not available: conversation title search will not be indexed';
	END IF;
END $$;
