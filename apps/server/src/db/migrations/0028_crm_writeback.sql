CREATE TABLE "crm_writeback_failures" (
	"company_integration_id" uuid PRIMARY KEY NOT NULL,
	"failed_count" integer DEFAULT 0 NOT NULL,
	"last_error" text NOT NULL,
	"last_failed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crm_writeback_settings" (
	"company_id" uuid NOT NULL,
	"bot_id" uuid NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"updated_by_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crm_writeback_settings_company_id_bot_id_pk" PRIMARY KEY("company_id","bot_id")
);
--> statement-breakpoint
CREATE TABLE "crm_writebacks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"bot_id" uuid NOT NULL,
	"target_key" text NOT NULL,
	"company_integration_id" uuid,
	"crm_target_kind" text,
	"crm_target_id" text,
	"note_id" text,
	"result_id" uuid,
	"content_hash" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"last_error" text,
	"claimed_until" timestamp with time zone,
	"written_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "demo_crm_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_integration_id" uuid NOT NULL,
	"target_kind" text NOT NULL,
	"target_external_id" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "crm_writeback_failures" ADD CONSTRAINT "crm_writeback_failures_company_integration_id_company_integrations_id_fk" FOREIGN KEY ("company_integration_id") REFERENCES "public"."company_integrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_writeback_settings" ADD CONSTRAINT "crm_writeback_settings_updated_by_id_users_id_fk" FOREIGN KEY ("updated_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_writeback_settings" ADD CONSTRAINT "crm_writeback_settings_company_id_bot_id_company_bots_company_id_bot_id_fk" FOREIGN KEY ("company_id","bot_id") REFERENCES "public"."company_bots"("company_id","bot_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_writebacks" ADD CONSTRAINT "crm_writebacks_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_writebacks" ADD CONSTRAINT "crm_writebacks_bot_id_bots_id_fk" FOREIGN KEY ("bot_id") REFERENCES "public"."bots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_writebacks" ADD CONSTRAINT "crm_writebacks_company_integration_id_company_integrations_id_fk" FOREIGN KEY ("company_integration_id") REFERENCES "public"."company_integrations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_writebacks" ADD CONSTRAINT "crm_writebacks_result_id_bot_results_id_fk" FOREIGN KEY ("result_id") REFERENCES "public"."bot_results"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "demo_crm_notes" ADD CONSTRAINT "demo_crm_notes_company_integration_id_company_integrations_id_fk" FOREIGN KEY ("company_integration_id") REFERENCES "public"."company_integrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "crm_writebacks_target_idx" ON "crm_writebacks" USING btree ("company_id","bot_id","target_key");--> statement-breakpoint
CREATE INDEX "crm_writebacks_integration_idx" ON "crm_writebacks" USING btree ("company_integration_id","status");--> statement-breakpoint
CREATE INDEX "demo_crm_notes_integration_idx" ON "demo_crm_notes" USING btree ("company_integration_id","updated_at");