-- Trigram indexes for the admin phrase search; pg_trgm ships with PostgreSQL (contrib) and PGlite.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "phrases_original_trgm_idx" ON "phrases" USING gin ("original_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "phrases_translated_trgm_idx" ON "phrases" USING gin ("translated_text" gin_trgm_ops);