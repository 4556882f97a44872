ALTER TABLE "bot_results" ADD COLUMN "completion_published_at" timestamp with time zone;--> statement-breakpoint
-- Results finished before the outbox existed are history: nothing subscribes to them.
UPDATE "bot_results" SET "completion_published_at" = "finished_at" WHERE "status" = 'success';
