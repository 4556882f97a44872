DROP INDEX "interactions_transcript_fts_idx";--> statement-breakpoint
ALTER TABLE "interactions" ADD COLUMN "transcript_search" "tsvector" GENERATED ALWAYS AS (to_tsvector('english', coalesce(transcript_text, ''))) STORED;--> statement-breakpoint
CREATE INDEX "interactions_transcript_search_idx" ON "interactions" USING gin ("transcript_search");