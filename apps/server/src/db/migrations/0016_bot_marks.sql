CREATE TABLE "bot_marks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bot_id" uuid NOT NULL,
	"version_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"result_id" uuid NOT NULL,
	"tag_id" integer NOT NULL,
	"kind" text NOT NULL,
	"tag_position" integer,
	"index_start" integer NOT NULL,
	"index_end" integer NOT NULL,
	"text" text NOT NULL,
	"sentence" text NOT NULL,
	"speaker_side" text,
	"shared_sentence" text,
	"user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bot_marks_span" CHECK ("bot_marks"."index_end" > "bot_marks"."index_start"),
	CONSTRAINT "bot_marks_position" CHECK (("bot_marks"."kind" = 'missed') = ("bot_marks"."tag_position" is null))
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "share_bot_examples" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "bot_marks" ADD CONSTRAINT "bot_marks_bot_id_bots_id_fk" FOREIGN KEY ("bot_id") REFERENCES "public"."bots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bot_marks" ADD CONSTRAINT "bot_marks_version_id_bot_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."bot_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bot_marks" ADD CONSTRAINT "bot_marks_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bot_marks" ADD CONSTRAINT "bot_marks_result_id_bot_results_id_fk" FOREIGN KEY ("result_id") REFERENCES "public"."bot_results"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bot_marks" ADD CONSTRAINT "bot_marks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bot_marks_missed_idx" ON "bot_marks" USING btree ("result_id","tag_id","index_start","index_end") WHERE "bot_marks"."kind" = 'missed';--> statement-breakpoint
CREATE UNIQUE INDEX "bot_marks_feedback_idx" ON "bot_marks" USING btree ("result_id","tag_position") WHERE "bot_marks"."tag_position" is not null;--> statement-breakpoint
CREATE INDEX "bot_marks_result_idx" ON "bot_marks" USING btree ("result_id");--> statement-breakpoint
CREATE INDEX "bot_marks_company_idx" ON "bot_marks" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "bot_marks_bot_idx" ON "bot_marks" USING btree ("bot_id","version_id","tag_id","kind");--> statement-breakpoint
CREATE INDEX "bot_marks_shared_idx" ON "bot_marks" USING btree ("bot_id") WHERE "bot_marks"."shared_sentence" is not null;--> statement-breakpoint
-- Verdicts given before marks existed become correct / wrong marks, so each version's per-tag
-- accuracy counts them. Their sentence is the marked span itself (sentences are found by the
-- server's splitter, not in SQL), and none is shared: no company had agreed to share yet.
INSERT INTO "bot_marks" ("bot_id", "version_id", "company_id", "result_id", "tag_id", "kind", "tag_position", "index_start", "index_end", "text", "sentence", "user_id", "created_at")
SELECT r."bot_id", f."version_id", r."company_id", f."result_id", (t."tag" ->> 'tag_id')::int, f."verdict", f."tag_position", (t."tag" ->> 'index_start')::int, (t."tag" ->> 'index_end')::int, t."tag" ->> 'text', t."tag" ->> 'text', f."user_id", f."updated_at"
FROM "bot_result_feedback" f
JOIN "bot_results" r ON r."id" = f."result_id"
CROSS JOIN LATERAL (SELECT r."response_tags" -> f."tag_position" AS "tag") t
WHERE t."tag" IS NOT NULL AND (t."tag" ->> 'index_end')::int > (t."tag" ->> 'index_start')::int;
