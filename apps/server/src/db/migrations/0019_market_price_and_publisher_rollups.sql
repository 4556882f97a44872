CREATE TABLE "publisher_client_months" (
	"publisher_id" uuid NOT NULL,
	"month_start" timestamp with time zone NOT NULL,
	"company_id" uuid NOT NULL,
	"runs" integer DEFAULT 0 NOT NULL,
	"estimated_millicents" bigint DEFAULT 0 NOT NULL,
	"client_cost_millicents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "publisher_client_months_publisher_id_month_start_company_id_pk" PRIMARY KEY("publisher_id","month_start","company_id")
);
--> statement-breakpoint
CREATE TABLE "publisher_dashboard_versions" (
	"publisher_id" uuid PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bots" ADD COLUMN "market_price_key" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "publisher_client_months" ADD CONSTRAINT "publisher_client_months_publisher_id_publishers_id_fk" FOREIGN KEY ("publisher_id") REFERENCES "public"."publishers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publisher_client_months" ADD CONSTRAINT "publisher_client_months_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publisher_dashboard_versions" ADD CONSTRAINT "publisher_dashboard_versions_publisher_id_publishers_id_fk" FOREIGN KEY ("publisher_id") REFERENCES "public"."publishers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bots_market_price_idx" ON "bots" USING btree ("market_price_key","id") WHERE "bots"."status" = 'published' and "bots"."latest_version" is not null;--> statement-breakpoint
-- The price order at the publisher's default markup, kept by the database so no writer forgets it.
CREATE OR REPLACE FUNCTION bots_market_price_key() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.market_price_key := NEW.price_per_run_cents::bigint
    * (100 + coalesce((SELECT markup_percent FROM publishers WHERE id = NEW.publisher_id), 0));
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER bots_market_price_key_trigger BEFORE INSERT OR UPDATE OF price_per_run_cents, publisher_id ON bots
  FOR EACH ROW EXECUTE FUNCTION bots_market_price_key();--> statement-breakpoint
CREATE OR REPLACE FUNCTION publishers_market_price_key() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE bots SET market_price_key = price_per_run_cents::bigint * (100 + NEW.markup_percent)
    WHERE publisher_id = NEW.id;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER publishers_market_price_key_trigger AFTER UPDATE OF markup_percent ON publishers
  FOR EACH ROW WHEN (OLD.markup_percent IS DISTINCT FROM NEW.markup_percent)
  EXECUTE FUNCTION publishers_market_price_key();--> statement-breakpoint
UPDATE bots b SET market_price_key = b.price_per_run_cents::bigint * (100 + p.markup_percent)
  FROM publishers p WHERE p.id = b.publisher_id;--> statement-breakpoint
-- A statement's metered runs, grouped per publisher, UTC month and client, applied in one
-- statement (a bulk insert is one upsert, not one per row). Removed rows only subtract: a delete
-- cascading from a company or a publisher has already removed their month rows.
CREATE OR REPLACE FUNCTION publisher_client_months_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE publisher_client_months m SET runs = m.runs - d.runs,
      estimated_millicents = m.estimated_millicents - d.estimated,
      client_cost_millicents = m.client_cost_millicents - d.client_cost
    FROM (
      SELECT publisher_id, date_trunc('month', created_at, 'UTC') AS month_start, company_id,
        count(*) FILTER (WHERE billable)::int AS runs, sum(estimated_millicents) AS estimated,
        sum(client_cost_millicents) AS client_cost
      FROM old_rows GROUP BY 1, 2, 3
    ) d
    WHERE m.publisher_id = d.publisher_id AND m.month_start = d.month_start
      AND m.company_id = d.company_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO publisher_client_months AS m (publisher_id, month_start, company_id, runs,
      estimated_millicents, client_cost_millicents)
    SELECT publisher_id, date_trunc('month', created_at, 'UTC'), company_id,
      count(*) FILTER (WHERE billable)::int, sum(estimated_millicents), sum(client_cost_millicents)
    FROM new_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (publisher_id, month_start, company_id) DO UPDATE SET
      runs = m.runs + excluded.runs,
      estimated_millicents = m.estimated_millicents + excluded.estimated_millicents,
      client_cost_millicents = m.client_cost_millicents + excluded.client_cost_millicents;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER bot_usage_months_insert AFTER INSERT ON bot_usage REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION publisher_client_months_apply();--> statement-breakpoint
CREATE TRIGGER bot_usage_months_update AFTER UPDATE ON bot_usage
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION publisher_client_months_apply();--> statement-breakpoint
CREATE TRIGGER bot_usage_months_delete AFTER DELETE ON bot_usage REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION publisher_client_months_apply();--> statement-breakpoint
INSERT INTO publisher_client_months (publisher_id, month_start, company_id, runs,
  estimated_millicents, client_cost_millicents)
SELECT publisher_id, date_trunc('month', created_at, 'UTC'), company_id,
  count(*) FILTER (WHERE billable)::int, sum(estimated_millicents), sum(client_cost_millicents)
FROM bot_usage GROUP BY 1, 2, 3;
