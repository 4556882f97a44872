CREATE TABLE "dashboard_bot_days" (
	"company_id" uuid NOT NULL,
	"day" date NOT NULL,
	"bot_id" uuid NOT NULL,
	"technician_key" uuid NOT NULL,
	"publisher_id" uuid NOT NULL,
	"runs" integer DEFAULT 0 NOT NULL,
	"successful_runs" integer DEFAULT 0 NOT NULL,
	"positive_runs" integer DEFAULT 0 NOT NULL,
	"billable_runs" integer DEFAULT 0 NOT NULL,
	"estimated_millicents" bigint DEFAULT 0 NOT NULL,
	"client_cost_millicents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "dashboard_bot_days_company_id_day_bot_id_technician_key_pk" PRIMARY KEY("company_id","day","bot_id","technician_key")
);
--> statement-breakpoint
CREATE TABLE "dashboard_customer_days" (
	"company_id" uuid NOT NULL,
	"day" date NOT NULL,
	"customer_id" uuid NOT NULL,
	"technician_key" uuid NOT NULL,
	"completed_jobs" integer DEFAULT 0 NOT NULL,
	"revenue_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "dashboard_customer_days_company_id_day_customer_id_technician_key_pk" PRIMARY KEY("company_id","day","customer_id","technician_key")
);
--> statement-breakpoint
CREATE TABLE "dashboard_dirty_days" (
	"company_id" uuid NOT NULL,
	"day" date NOT NULL,
	"marked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dashboard_dirty_days_company_id_day_pk" PRIMARY KEY("company_id","day")
);
--> statement-breakpoint
CREATE TABLE "dashboard_technician_days" (
	"company_id" uuid NOT NULL,
	"day" date NOT NULL,
	"technician_key" uuid NOT NULL,
	"interactions" integer DEFAULT 0 NOT NULL,
	"field_recordings" integer DEFAULT 0 NOT NULL,
	"recorded_seconds" double precision DEFAULT 0 NOT NULL,
	"csr_calls" integer DEFAULT 0 NOT NULL,
	"lead_calls" integer DEFAULT 0 NOT NULL,
	"booked_calls" integer DEFAULT 0 NOT NULL,
	"completed_jobs" integer DEFAULT 0 NOT NULL,
	"unrecorded_jobs" integer DEFAULT 0 NOT NULL,
	"revenue_cents" bigint DEFAULT 0 NOT NULL,
	"billed_seconds" double precision DEFAULT 0 NOT NULL,
	CONSTRAINT "dashboard_technician_days_company_id_day_technician_key_pk" PRIMARY KEY("company_id","day","technician_key")
);
--> statement-breakpoint
ALTER TABLE "dashboard_bot_days" ADD CONSTRAINT "dashboard_bot_days_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboard_bot_days" ADD CONSTRAINT "dashboard_bot_days_bot_id_bots_id_fk" FOREIGN KEY ("bot_id") REFERENCES "public"."bots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboard_bot_days" ADD CONSTRAINT "dashboard_bot_days_publisher_id_publishers_id_fk" FOREIGN KEY ("publisher_id") REFERENCES "public"."publishers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboard_customer_days" ADD CONSTRAINT "dashboard_customer_days_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboard_technician_days" ADD CONSTRAINT "dashboard_technician_days_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dashboard_bot_days_publisher_idx" ON "dashboard_bot_days" USING btree ("publisher_id","day","bot_id","company_id","runs","client_cost_millicents","estimated_millicents");--> statement-breakpoint
CREATE INDEX "jobs_company_completed_idx" ON "jobs" USING btree ("company_id","completed_at") WHERE "jobs"."status" = 'completed';--> statement-breakpoint
CREATE OR REPLACE FUNCTION dashboard_zone(p_company uuid) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT coalesce(
    (SELECT t."iana" FROM "companies" c JOIN "timezones" t ON t."id" = c."timezone_id" WHERE c."id" = p_company),
    'America/New_York')
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION dashboard_mark(p_company uuid, p_at timestamptz) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "dashboard_dirty_days" ("company_id", "day")
  SELECT p_company, (p_at AT TIME ZONE dashboard_zone(p_company))::date
  WHERE p_company IS NOT NULL AND p_at IS NOT NULL
  ON CONFLICT DO NOTHING
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION dashboard_mark_job(p_job uuid) RETURNS void LANGUAGE sql AS $$
  SELECT dashboard_mark(j."company_id", j."completed_at") FROM "jobs" j WHERE j."id" = p_job
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION dashboard_interactions_mark() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM dashboard_mark(OLD."company_id", OLD."started_at");
    IF OLD."job_id" IS NOT NULL THEN PERFORM dashboard_mark_job(OLD."job_id"); END IF;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM dashboard_mark(NEW."company_id", NEW."started_at");
    IF NEW."job_id" IS NOT NULL THEN PERFORM dashboard_mark_job(NEW."job_id"); END IF;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER dashboard_interactions_write AFTER INSERT OR DELETE ON "interactions"
  FOR EACH ROW EXECUTE FUNCTION dashboard_interactions_mark();--> statement-breakpoint
CREATE TRIGGER dashboard_interactions_change AFTER UPDATE OF "started_at", "type", "call_type", "duration_seconds", "recorded_by_id", "job_id", "company_id" ON "interactions"
  FOR EACH ROW WHEN (OLD."started_at" IS DISTINCT FROM NEW."started_at" OR OLD."type" IS DISTINCT FROM NEW."type" OR OLD."call_type" IS DISTINCT FROM NEW."call_type" OR OLD."duration_seconds" IS DISTINCT FROM NEW."duration_seconds" OR OLD."recorded_by_id" IS DISTINCT FROM NEW."recorded_by_id" OR OLD."job_id" IS DISTINCT FROM NEW."job_id" OR OLD."company_id" IS DISTINCT FROM NEW."company_id")
  EXECUTE FUNCTION dashboard_interactions_mark();--> statement-breakpoint
CREATE OR REPLACE FUNCTION dashboard_jobs_mark() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM dashboard_mark(OLD."company_id", OLD."completed_at"); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM dashboard_mark(NEW."company_id", NEW."completed_at"); END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER dashboard_jobs_write AFTER INSERT OR DELETE ON "jobs"
  FOR EACH ROW EXECUTE FUNCTION dashboard_jobs_mark();--> statement-breakpoint
CREATE TRIGGER dashboard_jobs_change AFTER UPDATE ON "jobs"
  FOR EACH ROW WHEN (OLD."status" IS DISTINCT FROM NEW."status" OR OLD."completed_at" IS DISTINCT FROM NEW."completed_at" OR OLD."revenue" IS DISTINCT FROM NEW."revenue" OR OLD."technician_id" IS DISTINCT FROM NEW."technician_id" OR OLD."customer_id" IS DISTINCT FROM NEW."customer_id")
  EXECUTE FUNCTION dashboard_jobs_mark();--> statement-breakpoint
CREATE OR REPLACE FUNCTION dashboard_recorded_mark() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM dashboard_mark(OLD."company_id", OLD."recorded_at"); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM dashboard_mark(NEW."company_id", NEW."recorded_at"); END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER dashboard_usage_records_write AFTER INSERT OR DELETE OR UPDATE ON "usage_records"
  FOR EACH ROW EXECUTE FUNCTION dashboard_recorded_mark();--> statement-breakpoint
CREATE OR REPLACE FUNCTION dashboard_bot_usage_mark() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM dashboard_mark(OLD."company_id", OLD."created_at"); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM dashboard_mark(NEW."company_id", NEW."created_at"); END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER dashboard_bot_usage_write AFTER INSERT OR DELETE OR UPDATE ON "bot_usage"
  FOR EACH ROW EXECUTE FUNCTION dashboard_bot_usage_mark();--> statement-breakpoint
CREATE OR REPLACE FUNCTION dashboard_company_zone_mark() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Local days move with the zone: recompute every day the company has rolled up, one either side.
  INSERT INTO "dashboard_dirty_days" ("company_id", "day")
  SELECT NEW."id", g::date
  FROM generate_series(
    (SELECT min(d) - 1 FROM (
      SELECT min("day") AS d FROM "dashboard_technician_days" WHERE "company_id" = NEW."id"
      UNION ALL SELECT min("day") FROM "dashboard_bot_days" WHERE "company_id" = NEW."id") m),
    current_date + 1, interval '1 day') g
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER dashboard_company_zone_change AFTER UPDATE OF "timezone_id" ON "companies"
  FOR EACH ROW WHEN (OLD."timezone_id" IS DISTINCT FROM NEW."timezone_id")
  EXECUTE FUNCTION dashboard_company_zone_mark();--> statement-breakpoint
INSERT INTO "dashboard_dirty_days" ("company_id", "day")
SELECT "company_id", ("started_at" AT TIME ZONE dashboard_zone("company_id"))::date FROM "interactions"
UNION SELECT "company_id", ("completed_at" AT TIME ZONE dashboard_zone("company_id"))::date FROM "jobs" WHERE "completed_at" IS NOT NULL
UNION SELECT "company_id", ("recorded_at" AT TIME ZONE dashboard_zone("company_id"))::date FROM "usage_records"
UNION SELECT "company_id", ("created_at" AT TIME ZONE dashboard_zone("company_id"))::date FROM "bot_usage"
ON CONFLICT DO NOTHING;
