CREATE TABLE "customer_locations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"external_id" text NOT NULL,
	"name" text NOT NULL,
	"street" text,
	"city" text,
	"state" text,
	"zipcode" text,
	"country" text,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_integrations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"integration_id" integer NOT NULL,
	"values_sealed" text NOT NULL,
	"sync_status" text DEFAULT 'on' NOT NULL,
	"sync_process_status" text,
	"sync_lease_until" timestamp with time zone,
	"last_sync_started_at" timestamp with time zone,
	"last_synced_at" timestamp with time zone,
	"last_sync_error" text,
	"provider_state" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crm_sync_cursors" (
	"company_integration_id" uuid NOT NULL,
	"entity" text NOT NULL,
	"cursor" text NOT NULL,
	"rows_synced" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crm_sync_cursors_company_integration_id_entity_pk" PRIMARY KEY("company_integration_id","entity")
);
--> statement-breakpoint
CREATE TABLE "crm_sync_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_integration_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"trigger" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"counts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "integrations" (
	"id" integer PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"sub_title" text,
	"group_type" text NOT NULL,
	"logo" text,
	"dark_logo" text,
	"required_fields" jsonb NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "integrations_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
ALTER TABLE "interactions" ADD COLUMN "source_integration_id" uuid;--> statement-breakpoint
ALTER TABLE "interactions" ADD COLUMN "agent_name" text;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "location_id" uuid;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "completion_published_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_locations" ADD CONSTRAINT "customer_locations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_locations" ADD CONSTRAINT "customer_locations_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_integrations" ADD CONSTRAINT "company_integrations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_integrations" ADD CONSTRAINT "company_integrations_integration_id_integrations_id_fk" FOREIGN KEY ("integration_id") REFERENCES "public"."integrations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_sync_cursors" ADD CONSTRAINT "crm_sync_cursors_company_integration_id_company_integrations_id_fk" FOREIGN KEY ("company_integration_id") REFERENCES "public"."company_integrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_sync_runs" ADD CONSTRAINT "crm_sync_runs_company_integration_id_company_integrations_id_fk" FOREIGN KEY ("company_integration_id") REFERENCES "public"."company_integrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_sync_runs" ADD CONSTRAINT "crm_sync_runs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "customer_locations_company_external_idx" ON "customer_locations" USING btree ("company_id","external_id");--> statement-breakpoint
CREATE INDEX "customer_locations_customer_idx" ON "customer_locations" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "company_integrations_company_integration_idx" ON "company_integrations" USING btree ("company_id","integration_id");--> statement-breakpoint
CREATE INDEX "crm_sync_runs_integration_idx" ON "crm_sync_runs" USING btree ("company_integration_id","created_at");--> statement-breakpoint
ALTER TABLE "interactions" ADD CONSTRAINT "interactions_source_integration_id_company_integrations_id_fk" FOREIGN KEY ("source_integration_id") REFERENCES "public"."company_integrations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_location_id_customer_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."customer_locations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "users_company_crm_user_idx" ON "users" USING btree ("company_id","crm_user_id") WHERE "users"."crm_user_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_company_external_idx" ON "jobs" USING btree ("company_id","external_id") WHERE "jobs"."external_id" is not null;--> statement-breakpoint
CREATE INDEX "jobs_completion_outbox_idx" ON "jobs" USING btree ("company_id") WHERE "jobs"."status" = 'completed' and "jobs"."completion_published_at" is null;--> statement-breakpoint
-- Jobs completed before the outbox existed were published by then (completeJob); don't publish them again.
UPDATE "jobs" SET "completion_published_at" = coalesce("completed_at", now()) WHERE "status" = 'completed';
