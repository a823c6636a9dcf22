-- The conversation title's trigram index takes new entries into a pending list, which the inserting
-- statement itself merges into the index once it passes gin_pending_list_limit (4 MB by default). On
-- PGlite, which runs on the server's one thread and has no autovacuum to merge it earlier, that merge
-- came every ~3,600 new conversations and held the thread for 100-200 ms, stalling every open
-- stream. With 256 kB the merges are small (measured on PGlite, 24,000 inserts: largest stall 145-203 ms
-- at 4 MB, 56-66 ms at 256 kB; median insert unchanged). On PostgreSQL it only makes the merges smaller.
ALTER INDEX IF EXISTS "conversations_title_trgm_idx" SET (gin_pending_list_limit = 256);
