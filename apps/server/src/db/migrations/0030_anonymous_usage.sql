ALTER TABLE "usage_records" DROP CONSTRAINT "usage_records_interaction_id_interactions_id_fk";
--> statement-breakpoint
ALTER TABLE "bot_usage" DROP CONSTRAINT "bot_usage_result_id_bot_results_id_fk";
--> statement-breakpoint
ALTER TABLE "usage_records" ALTER COLUMN "interaction_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "bot_usage" ALTER COLUMN "result_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "usage_records" ADD CONSTRAINT "usage_records_interaction_id_interactions_id_fk" FOREIGN KEY ("interaction_id") REFERENCES "public"."interactions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bot_usage" ADD CONSTRAINT "bot_usage_result_id_bot_results_id_fk" FOREIGN KEY ("result_id") REFERENCES "public"."bot_results"("id") ON DELETE set null ON UPDATE no action;