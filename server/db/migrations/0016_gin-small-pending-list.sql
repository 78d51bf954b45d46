-- PGlite has no autovacuum, so GIN's pending list of unmerged rows was merged only once it passed the default 4 MB:
-- until then every phrase search read all of it (13 ms at 100,000 phrases for a word that matches nothing). A 64 kB
-- list bounds that and still batches a bulk import's inserts. ALTER does not merge what is already pending:
-- gin_clean_pending_list does, without a rebuild.
ALTER INDEX "phrases_original_trgm_idx" SET (gin_pending_list_limit = 64);--> statement-breakpoint
ALTER INDEX "phrases_translated_trgm_idx" SET (gin_pending_list_limit = 64);--> statement-breakpoint
SELECT gin_clean_pending_list('phrases_original_trgm_idx'::regclass);--> statement-breakpoint
SELECT gin_clean_pending_list('phrases_translated_trgm_idx'::regclass);
