CREATE TABLE "interaction_counters" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"last_recording_number" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "interaction_counters" ADD CONSTRAINT "interaction_counters_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;