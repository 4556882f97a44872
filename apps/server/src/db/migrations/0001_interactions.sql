CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "audio_assets" (
	"interaction_id" uuid PRIMARY KEY NOT NULL,
	"storage_key" text NOT NULL,
	"content_type" text NOT NULL,
	"format" text NOT NULL,
	"duration_seconds" double precision NOT NULL,
	"size_bytes" integer NOT NULL,
	"peaks" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"external_id" text NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"jobs_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "interactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"job_id" uuid,
	"number" text NOT NULL,
	"type" text NOT NULL,
	"call_type" text,
	"status" text DEFAULT 'in-progress' NOT NULL,
	"download_status" text,
	"recorded_by_id" uuid,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"duration_seconds" double precision,
	"source_keys" text[] DEFAULT '{}' NOT NULL,
	"source_url" text,
	"audio_merge_status" text,
	"audio_merge_error_message" text,
	"transcript_status" text,
	"transcript_error_message" text,
	"transcript_text" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"job_number" text NOT NULL,
	"technician_id" uuid,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"revenue" numeric(12, 2),
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transcript_segments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"interaction_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"start_seconds" double precision NOT NULL,
	"end_seconds" double precision NOT NULL,
	"speaker" text NOT NULL,
	"text" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "usage_records" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"interaction_id" uuid NOT NULL,
	"seconds" double precision NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "usage_records_interaction_id_unique" UNIQUE("interaction_id")
);
--> statement-breakpoint
ALTER TABLE "audio_assets" ADD CONSTRAINT "audio_assets_interaction_id_interactions_id_fk" FOREIGN KEY ("interaction_id") REFERENCES "public"."interactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interactions" ADD CONSTRAINT "interactions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interactions" ADD CONSTRAINT "interactions_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interactions" ADD CONSTRAINT "interactions_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interactions" ADD CONSTRAINT "interactions_recorded_by_id_users_id_fk" FOREIGN KEY ("recorded_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_technician_id_users_id_fk" FOREIGN KEY ("technician_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transcript_segments" ADD CONSTRAINT "transcript_segments_interaction_id_interactions_id_fk" FOREIGN KEY ("interaction_id") REFERENCES "public"."interactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_records" ADD CONSTRAINT "usage_records_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_records" ADD CONSTRAINT "usage_records_interaction_id_interactions_id_fk" FOREIGN KEY ("interaction_id") REFERENCES "public"."interactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "customers_company_external_idx" ON "customers" USING btree ("company_id","external_id");--> statement-breakpoint
CREATE INDEX "customers_company_name_idx" ON "customers" USING btree ("company_id","name","id");--> statement-breakpoint
CREATE INDEX "customers_company_created_idx" ON "customers" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE INDEX "customers_company_jobs_idx" ON "customers" USING btree ("company_id","jobs_count","id");--> statement-breakpoint
CREATE INDEX "customers_name_trgm_idx" ON "customers" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customers_external_trgm_idx" ON "customers" USING gin ("external_id" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "interactions_company_number_idx" ON "interactions" USING btree ("company_id","number");--> statement-breakpoint
CREATE INDEX "interactions_customer_started_idx" ON "interactions" USING btree ("customer_id","started_at","id");--> statement-breakpoint
CREATE INDEX "interactions_customer_type_started_idx" ON "interactions" USING btree ("customer_id","type","started_at","id");--> statement-breakpoint
CREATE INDEX "interactions_customer_duration_idx" ON "interactions" USING btree ("customer_id","duration_seconds","id");--> statement-breakpoint
CREATE INDEX "interactions_company_started_idx" ON "interactions" USING btree ("company_id","started_at");--> statement-breakpoint
CREATE INDEX "interactions_job_idx" ON "interactions" USING btree ("job_id");--> statement-breakpoint
CREATE INDEX "interactions_recorded_by_idx" ON "interactions" USING btree ("recorded_by_id");--> statement-breakpoint
CREATE INDEX "interactions_number_trgm_idx" ON "interactions" USING gin ("number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "interactions_transcript_fts_idx" ON "interactions" USING gin (to_tsvector('english', coalesce("transcript_text", '')));--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_company_number_idx" ON "jobs" USING btree ("company_id","job_number");--> statement-breakpoint
CREATE INDEX "jobs_customer_idx" ON "jobs" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "jobs_technician_idx" ON "jobs" USING btree ("technician_id","customer_id");--> statement-breakpoint
CREATE INDEX "jobs_number_trgm_idx" ON "jobs" USING gin ("job_number" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "transcript_segments_position_idx" ON "transcript_segments" USING btree ("interaction_id","position");--> statement-breakpoint
CREATE INDEX "usage_records_company_idx" ON "usage_records" USING btree ("company_id","recorded_at");--> statement-breakpoint
CREATE OR REPLACE FUNCTION customers_jobs_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE customers SET jobs_count = jobs_count - 1 WHERE id = OLD.customer_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    UPDATE customers SET jobs_count = jobs_count + 1 WHERE id = NEW.customer_id;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER jobs_count_trigger AFTER INSERT OR DELETE OR UPDATE OF customer_id ON jobs
  FOR EACH ROW EXECUTE FUNCTION customers_jobs_count();
