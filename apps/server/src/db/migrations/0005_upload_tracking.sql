DROP INDEX "uploaded_files_user_idx";--> statement-breakpoint
ALTER TABLE "uploaded_files" ADD COLUMN "company_id" uuid;--> statement-breakpoint
ALTER TABLE "uploaded_files" ADD COLUMN "status" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "uploaded_files" ADD COLUMN "content_type" text;--> statement-breakpoint
ALTER TABLE "uploaded_files" ADD COLUMN "size" bigint;--> statement-breakpoint
ALTER TABLE "uploaded_files" ADD COLUMN "uploaded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "uploaded_files" ADD CONSTRAINT "uploaded_files_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "uploaded_files_company_idx" ON "uploaded_files" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "uploaded_files_user_idx" ON "uploaded_files" USING btree ("user_id","created_at");--> statement-breakpoint
-- Rows from before this migration are finished uploads: their URLs stay unusable for a second PUT.
UPDATE "uploaded_files" SET "status" = 'uploaded', "uploaded_at" = "created_at";
