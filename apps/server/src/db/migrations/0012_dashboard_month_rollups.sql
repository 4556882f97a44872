CREATE TABLE "dashboard_company_bot_days" (
	"company_id" uuid NOT NULL,
	"day" date NOT NULL,
	"bot_id" uuid NOT NULL,
	"publisher_id" uuid NOT NULL,
	"runs" integer DEFAULT 0 NOT NULL,
	"successful_runs" integer DEFAULT 0 NOT NULL,
	"positive_runs" integer DEFAULT 0 NOT NULL,
	"billable_runs" integer DEFAULT 0 NOT NULL,
	"estimated_millicents" bigint DEFAULT 0 NOT NULL,
	"client_cost_millicents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "dashboard_company_bot_days_company_id_day_bot_id_pk" PRIMARY KEY("company_id","day","bot_id")
);
--> statement-breakpoint
CREATE TABLE "dashboard_customer_months" (
	"company_id" uuid NOT NULL,
	"month" date NOT NULL,
	"customer_id" uuid NOT NULL,
	"completed_jobs" integer DEFAULT 0 NOT NULL,
	"revenue_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "dashboard_customer_months_company_id_month_customer_id_pk" PRIMARY KEY("company_id","month","customer_id")
);
--> statement-breakpoint
DROP INDEX "dashboard_bot_days_publisher_idx";--> statement-breakpoint
ALTER TABLE "dashboard_company_bot_days" ADD CONSTRAINT "dashboard_company_bot_days_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboard_company_bot_days" ADD CONSTRAINT "dashboard_company_bot_days_bot_id_bots_id_fk" FOREIGN KEY ("bot_id") REFERENCES "public"."bots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboard_company_bot_days" ADD CONSTRAINT "dashboard_company_bot_days_publisher_id_publishers_id_fk" FOREIGN KEY ("publisher_id") REFERENCES "public"."publishers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboard_customer_months" ADD CONSTRAINT "dashboard_customer_months_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dashboard_company_bot_days_publisher_idx" ON "dashboard_company_bot_days" USING btree ("publisher_id","day","bot_id","company_id","runs","successful_runs","client_cost_millicents","estimated_millicents");--> statement-breakpoint
CREATE INDEX "dashboard_customer_months_revenue_idx" ON "dashboard_customer_months" USING btree ("company_id","month","revenue_cents" desc,"customer_id");--> statement-breakpoint
CREATE INDEX "dashboard_bot_days_technician_idx" ON "dashboard_bot_days" USING btree ("company_id","technician_key","day");--> statement-breakpoint
CREATE INDEX "dashboard_customer_days_technician_idx" ON "dashboard_customer_days" USING btree ("company_id","technician_key","day");--> statement-breakpoint
INSERT INTO "dashboard_company_bot_days" ("company_id", "day", "bot_id", "publisher_id", "runs", "successful_runs", "positive_runs", "billable_runs", "estimated_millicents", "client_cost_millicents")
SELECT "company_id", "day", "bot_id", min("publisher_id"::text)::uuid, sum("runs"), sum("successful_runs"), sum("positive_runs"), sum("billable_runs"), sum("estimated_millicents"), sum("client_cost_millicents")
FROM "dashboard_bot_days" GROUP BY "company_id", "day", "bot_id";--> statement-breakpoint
INSERT INTO "dashboard_customer_months" ("company_id", "month", "customer_id", "completed_jobs", "revenue_cents")
SELECT "company_id", date_trunc('month', "day")::date, "customer_id", sum("completed_jobs"), sum("revenue_cents")
FROM "dashboard_customer_days" GROUP BY 1, 2, 3;
