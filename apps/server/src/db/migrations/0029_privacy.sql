CREATE TABLE "recording_consents" (
	"interaction_id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"method" text NOT NULL,
	"confirmed_by_id" uuid,
	"confirmed_by_name" text,
	"confirmed_at" timestamp with time zone,
	"notice_version" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "privacy_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid,
	"kind" text NOT NULL,
	"customer_id" uuid,
	"status" text DEFAULT 'queued' NOT NULL,
	"requested_by_id" uuid,
	"counts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "consent_method" text DEFAULT 'confirmation' NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "audio_retention_days" integer;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "transcript_retention_days" integer;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "redact_emails" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "redact_phones" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "bleep_audio" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "vocabulary" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "actor_email" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "company_id" uuid;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "publisher_id" uuid;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "target_type" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "target_id" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "user_agent" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "do_not_record" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "legal_hold" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "interactions" ADD COLUMN "audio_deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "interactions" ADD COLUMN "transcript_deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "interactions" ADD COLUMN "audio_bleeped_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "recording_consents" ADD CONSTRAINT "recording_consents_interaction_id_interactions_id_fk" FOREIGN KEY ("interaction_id") REFERENCES "public"."interactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recording_consents" ADD CONSTRAINT "recording_consents_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recording_consents" ADD CONSTRAINT "recording_consents_confirmed_by_id_users_id_fk" FOREIGN KEY ("confirmed_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "privacy_requests" ADD CONSTRAINT "privacy_requests_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "privacy_requests" ADD CONSTRAINT "privacy_requests_requested_by_id_users_id_fk" FOREIGN KEY ("requested_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "privacy_requests_company_idx" ON "privacy_requests" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_log_company_idx" ON "audit_log" USING btree ("company_id","at","id");--> statement-breakpoint
CREATE INDEX "audit_log_publisher_idx" ON "audit_log" USING btree ("publisher_id","at","id");--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at");--> statement-breakpoint
-- The audit log is append-only for the application: UPDATE only clears a deleted user's id (its
-- foreign key's ON DELETE SET NULL), DELETE only inside a transaction that set
-- fieldbot.audit_purge (the log's own retention and a tenant's deletion).
CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF coalesce(current_setting('fieldbot.audit_purge', true), '') = 'on' THEN
      RETURN OLD;
    END IF;
    RAISE EXCEPTION 'audit_log is append-only';
  END IF;
  IF NEW.user_id IS NULL
    AND (NEW.id, NEW.event, NEW.actor_email, NEW.company_id, NEW.publisher_id, NEW.target_type,
         NEW.target_id, NEW.ip, NEW.user_agent, NEW.meta, NEW.at)
      IS NOT DISTINCT FROM
        (OLD.id, OLD.event, OLD.actor_email, OLD.company_id, OLD.publisher_id, OLD.target_type,
         OLD.target_id, OLD.ip, OLD.user_agent, OLD.meta, OLD.at) THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'audit_log is append-only';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
