CREATE TABLE "bot_back_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"bot_id" uuid NOT NULL,
	"from_date" text NOT NULL,
	"to_date" text NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"total" integer NOT NULL,
	"created_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bot_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bot_id" uuid NOT NULL,
	"name" text NOT NULL,
	"storage_key" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bot_result_feedback" (
	"result_id" uuid NOT NULL,
	"tag_position" integer NOT NULL,
	"version_id" uuid NOT NULL,
	"verdict" text NOT NULL,
	"user_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bot_result_feedback_result_id_tag_position_pk" PRIMARY KEY("result_id","tag_position")
);
--> statement-breakpoint
CREATE TABLE "bot_results" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"run_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"bot_id" uuid NOT NULL,
	"version_id" uuid NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"error_message" text,
	"transcript_text" text,
	"raw_response" text,
	"output_tags" jsonb,
	"response_tags" jsonb,
	"unmatched_quotes" integer DEFAULT 0 NOT NULL,
	"tokens_in" integer DEFAULT 0 NOT NULL,
	"tokens_out" integer DEFAULT 0 NOT NULL,
	"cost_millicents" integer DEFAULT 0 NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "bot_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"target_type" text NOT NULL,
	"customer_id" uuid,
	"interaction_id" uuid,
	"job_id" uuid,
	"run_type" text NOT NULL,
	"run_by_id" uuid,
	"back_run_id" uuid,
	"dedupe_key" text,
	"status" text DEFAULT 'running' NOT NULL,
	"error_message" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"execution_seconds" double precision
);
--> statement-breakpoint
CREATE TABLE "bot_usage" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"result_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"bot_id" uuid NOT NULL,
	"version_id" uuid NOT NULL,
	"engine" text NOT NULL,
	"tokens_in" integer NOT NULL,
	"tokens_out" integer NOT NULL,
	"cost_millicents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bot_usage_result_id_unique" UNIQUE("result_id")
);
--> statement-breakpoint
CREATE TABLE "bot_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bot_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"name" text NOT NULL,
	"prompt" text NOT NULL,
	"color" text NOT NULL,
	"trigger" text NOT NULL,
	"trigger_event" text NOT NULL,
	"output_tags" jsonb NOT NULL,
	"engine" text NOT NULL,
	"reference_texts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"changelog" text NOT NULL,
	"published_by_id" uuid,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"publisher_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"prompt" text DEFAULT '' NOT NULL,
	"color" text NOT NULL,
	"trigger" text NOT NULL,
	"trigger_event" text NOT NULL,
	"output_tags" jsonb NOT NULL,
	"engine" text NOT NULL,
	"visibility" text DEFAULT 'marketplace' NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"latest_version" integer,
	"has_unpublished_changes" boolean DEFAULT true NOT NULL,
	"created_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_bots" (
	"company_id" uuid NOT NULL,
	"bot_id" uuid NOT NULL,
	"version_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_bots_company_id_bot_id_pk" PRIMARY KEY("company_id","bot_id")
);
--> statement-breakpoint
ALTER TABLE "bot_back_runs" ADD CONSTRAINT "bot_back_runs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bot_back_runs" ADD CONSTRAINT "bot_back_runs_bot_id_bots_id_fk" FOREIGN KEY ("bot_id") REFERENCES "public"."bots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bot_back_runs" ADD CONSTRAINT "bot_back_runs_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bot_files" ADD CONSTRAINT "bot_files_bot_id_bots_id_fk" FOREIGN KEY ("bot_id") REFERENCES "public"."bots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bot_result_feedback" ADD CONSTRAINT "bot_result_feedback_result_id_bot_results_id_fk" FOREIGN KEY ("result_id") REFERENCES "public"."bot_results"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bot_result_feedback" ADD CONSTRAINT "bot_result_feedback_version_id_bot_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."bot_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bot_result_feedback" ADD CONSTRAINT "bot_result_feedback_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bot_results" ADD CONSTRAINT "bot_results_run_id_bot_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."bot_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bot_results" ADD CONSTRAINT "bot_results_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bot_results" ADD CONSTRAINT "bot_results_bot_id_bots_id_fk" FOREIGN KEY ("bot_id") REFERENCES "public"."bots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bot_results" ADD CONSTRAINT "bot_results_version_id_bot_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."bot_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bot_runs" ADD CONSTRAINT "bot_runs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bot_runs" ADD CONSTRAINT "bot_runs_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bot_runs" ADD CONSTRAINT "bot_runs_interaction_id_interactions_id_fk" FOREIGN KEY ("interaction_id") REFERENCES "public"."interactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bot_runs" ADD CONSTRAINT "bot_runs_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bot_runs" ADD CONSTRAINT "bot_runs_run_by_id_users_id_fk" FOREIGN KEY ("run_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bot_runs" ADD CONSTRAINT "bot_runs_back_run_id_bot_back_runs_id_fk" FOREIGN KEY ("back_run_id") REFERENCES "public"."bot_back_runs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bot_usage" ADD CONSTRAINT "bot_usage_result_id_bot_results_id_fk" FOREIGN KEY ("result_id") REFERENCES "public"."bot_results"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bot_usage" ADD CONSTRAINT "bot_usage_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bot_usage" ADD CONSTRAINT "bot_usage_bot_id_bots_id_fk" FOREIGN KEY ("bot_id") REFERENCES "public"."bots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bot_usage" ADD CONSTRAINT "bot_usage_version_id_bot_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."bot_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bot_versions" ADD CONSTRAINT "bot_versions_bot_id_bots_id_fk" FOREIGN KEY ("bot_id") REFERENCES "public"."bots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bot_versions" ADD CONSTRAINT "bot_versions_published_by_id_users_id_fk" FOREIGN KEY ("published_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bots" ADD CONSTRAINT "bots_publisher_id_publishers_id_fk" FOREIGN KEY ("publisher_id") REFERENCES "public"."publishers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bots" ADD CONSTRAINT "bots_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_bots" ADD CONSTRAINT "company_bots_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_bots" ADD CONSTRAINT "company_bots_bot_id_bots_id_fk" FOREIGN KEY ("bot_id") REFERENCES "public"."bots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_bots" ADD CONSTRAINT "company_bots_version_id_bot_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."bot_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bot_back_runs_company_idx" ON "bot_back_runs" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "bot_files_bot_name_idx" ON "bot_files" USING btree ("bot_id","name");--> statement-breakpoint
CREATE INDEX "bot_result_feedback_version_idx" ON "bot_result_feedback" USING btree ("version_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bot_results_run_bot_idx" ON "bot_results" USING btree ("run_id","bot_id");--> statement-breakpoint
CREATE INDEX "bot_results_company_finished_idx" ON "bot_results" USING btree ("company_id","finished_at");--> statement-breakpoint
CREATE INDEX "bot_results_version_idx" ON "bot_results" USING btree ("version_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bot_runs_dedupe_idx" ON "bot_runs" USING btree ("company_id","dedupe_key");--> statement-breakpoint
CREATE INDEX "bot_runs_interaction_idx" ON "bot_runs" USING btree ("interaction_id","started_at");--> statement-breakpoint
CREATE INDEX "bot_runs_customer_idx" ON "bot_runs" USING btree ("customer_id","started_at");--> statement-breakpoint
CREATE INDEX "bot_runs_company_started_idx" ON "bot_runs" USING btree ("company_id","started_at");--> statement-breakpoint
CREATE INDEX "bot_runs_back_run_idx" ON "bot_runs" USING btree ("back_run_id");--> statement-breakpoint
CREATE INDEX "bot_usage_company_idx" ON "bot_usage" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "bot_usage_bot_idx" ON "bot_usage" USING btree ("bot_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "bot_versions_bot_number_idx" ON "bot_versions" USING btree ("bot_id","number");--> statement-breakpoint
CREATE INDEX "bots_publisher_updated_idx" ON "bots" USING btree ("publisher_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "bots_publisher_status_idx" ON "bots" USING btree ("publisher_id","status","updated_at");--> statement-breakpoint
CREATE INDEX "company_bots_bot_idx" ON "company_bots" USING btree ("bot_id");--> statement-breakpoint
CREATE INDEX "company_bots_version_idx" ON "company_bots" USING btree ("version_id");