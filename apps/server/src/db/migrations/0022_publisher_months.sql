CREATE TABLE "publisher_months" (
	"publisher_id" uuid NOT NULL,
	"month_start" timestamp with time zone NOT NULL,
	"runs" integer DEFAULT 0 NOT NULL,
	"estimated_millicents" bigint DEFAULT 0 NOT NULL,
	"client_cost_millicents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "publisher_months_publisher_id_month_start_pk" PRIMARY KEY("publisher_id","month_start")
);
--> statement-breakpoint
ALTER TABLE "publisher_months" ADD CONSTRAINT "publisher_months_publisher_id_publishers_id_fk" FOREIGN KEY ("publisher_id") REFERENCES "public"."publishers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The same statement's runs, also grouped per publisher and month. Client months are written
-- before publisher months in every statement, in key order, so two writers never deadlock.
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
    UPDATE publisher_months m SET runs = m.runs - d.runs,
      estimated_millicents = m.estimated_millicents - d.estimated,
      client_cost_millicents = m.client_cost_millicents - d.client_cost
    FROM (
      SELECT publisher_id, date_trunc('month', created_at, 'UTC') AS month_start,
        count(*) FILTER (WHERE billable)::int AS runs, sum(estimated_millicents) AS estimated,
        sum(client_cost_millicents) AS client_cost
      FROM old_rows GROUP BY 1, 2
    ) d
    WHERE m.publisher_id = d.publisher_id AND m.month_start = d.month_start;
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
    INSERT INTO publisher_months AS m (publisher_id, month_start, runs, estimated_millicents,
      client_cost_millicents)
    SELECT publisher_id, date_trunc('month', created_at, 'UTC'),
      count(*) FILTER (WHERE billable)::int, sum(estimated_millicents), sum(client_cost_millicents)
    FROM new_rows GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (publisher_id, month_start) DO UPDATE SET
      runs = m.runs + excluded.runs,
      estimated_millicents = m.estimated_millicents + excluded.estimated_millicents,
      client_cost_millicents = m.client_cost_millicents + excluded.client_cost_millicents;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
INSERT INTO publisher_months (publisher_id, month_start, runs, estimated_millicents,
  client_cost_millicents)
SELECT publisher_id, month_start, sum(runs), sum(estimated_millicents), sum(client_cost_millicents)
FROM publisher_client_months GROUP BY 1, 2;
