CREATE TABLE "publisher_clients" (
	"publisher_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"source" text NOT NULL,
	"markup_percent" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "publisher_clients_publisher_id_company_id_pk" PRIMARY KEY("publisher_id","company_id")
);
--> statement-breakpoint
CREATE TABLE "bot_ratings" (
	"company_id" uuid NOT NULL,
	"bot_id" uuid NOT NULL,
	"rating" smallint NOT NULL,
	"comment" text,
	"rated_by_id" uuid,
	"reply" text,
	"replied_by_id" uuid,
	"replied_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bot_ratings_company_id_bot_id_pk" PRIMARY KEY("company_id","bot_id"),
	CONSTRAINT "bot_ratings_rating_range" CHECK ("bot_ratings"."rating" between 1 and 5)
);
--> statement-breakpoint
ALTER TABLE "publishers" ADD COLUMN "logo" text;--> statement-breakpoint
ALTER TABLE "publishers" ADD COLUMN "description" text;--> statement-breakpoint
ALTER TABLE "publishers" ADD COLUMN "website" text;--> statement-breakpoint
ALTER TABLE "publishers" ADD COLUMN "support_email" text;--> statement-breakpoint
ALTER TABLE "publishers" ADD COLUMN "created_by_id" uuid;--> statement-breakpoint
ALTER TABLE "publishers" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "referral_publisher_id" uuid;--> statement-breakpoint
ALTER TABLE "bot_usage" ADD COLUMN "publisher_id" uuid;--> statement-breakpoint
UPDATE "bot_usage" u SET "publisher_id" = b."publisher_id" FROM "bots" b WHERE b."id" = u."bot_id";--> statement-breakpoint
ALTER TABLE "bot_usage" ALTER COLUMN "publisher_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "bot_usage" ADD COLUMN "estimated_millicents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "bot_usage" SET "estimated_millicents" = round("client_cost_millicents" * 100.0 / (100 + "markup_percent"))::int WHERE "billable";--> statement-breakpoint
ALTER TABLE "bot_versions" ADD COLUMN "example" jsonb;--> statement-breakpoint
ALTER TABLE "bot_versions" ADD COLUMN "deprecated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bot_versions" ADD COLUMN "deprecated_by_id" uuid;--> statement-breakpoint
ALTER TABLE "bot_versions" ADD COLUMN "retires_on" text;--> statement-breakpoint
ALTER TABLE "bot_versions" ADD COLUMN "deprecation_note" text;--> statement-breakpoint
ALTER TABLE "bot_versions" ADD COLUMN "deprecation_notified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bot_versions" ADD COLUMN "retired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bots" ADD COLUMN "subscribers_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bots" ADD COLUMN "rating_sum" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bots" ADD COLUMN "rating_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bots" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
UPDATE "bots" b SET "subscribers_count" = (SELECT count(*) FROM "company_bots" cb WHERE cb."bot_id" = b."id"), "published_at" = (SELECT max(v."published_at") FROM "bot_versions" v WHERE v."bot_id" = b."id");--> statement-breakpoint
INSERT INTO "publisher_clients" ("publisher_id", "company_id", "source", "created_at") SELECT b."publisher_id", cb."company_id", 'subscription', min(cb."created_at") FROM "company_bots" cb JOIN "bots" b ON b."id" = cb."bot_id" GROUP BY b."publisher_id", cb."company_id";--> statement-breakpoint
ALTER TABLE "publisher_clients" ADD CONSTRAINT "publisher_clients_publisher_id_publishers_id_fk" FOREIGN KEY ("publisher_id") REFERENCES "public"."publishers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publisher_clients" ADD CONSTRAINT "publisher_clients_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bot_ratings" ADD CONSTRAINT "bot_ratings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bot_ratings" ADD CONSTRAINT "bot_ratings_bot_id_bots_id_fk" FOREIGN KEY ("bot_id") REFERENCES "public"."bots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bot_ratings" ADD CONSTRAINT "bot_ratings_rated_by_id_users_id_fk" FOREIGN KEY ("rated_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bot_ratings" ADD CONSTRAINT "bot_ratings_replied_by_id_users_id_fk" FOREIGN KEY ("replied_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "publisher_clients_company_idx" ON "publisher_clients" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "bot_ratings_bot_idx" ON "bot_ratings" USING btree ("bot_id","updated_at");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_referral_publisher_id_publishers_id_fk" FOREIGN KEY ("referral_publisher_id") REFERENCES "public"."publishers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bot_usage" ADD CONSTRAINT "bot_usage_publisher_id_publishers_id_fk" FOREIGN KEY ("publisher_id") REFERENCES "public"."publishers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bot_versions" ADD CONSTRAINT "bot_versions_deprecated_by_id_users_id_fk" FOREIGN KEY ("deprecated_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bot_usage_publisher_idx" ON "bot_usage" USING btree ("publisher_id","created_at","company_id","billable","estimated_millicents","client_cost_millicents");--> statement-breakpoint
CREATE INDEX "bot_versions_retiring_idx" ON "bot_versions" USING btree ("retires_on") WHERE "bot_versions"."retires_on" is not null and "bot_versions"."retired_at" is null;--> statement-breakpoint
CREATE INDEX "bots_market_popular_idx" ON "bots" USING btree ("subscribers_count","id") WHERE "bots"."status" = 'published';--> statement-breakpoint
CREATE INDEX "bots_market_listing_idx" ON "bots" USING btree ("publisher_id","id","visibility","trigger","subscribers_count","rating_sum","rating_count","price_per_run_cents") WHERE "bots"."status" = 'published' and "bots"."latest_version" is not null;--> statement-breakpoint
CREATE INDEX "bots_market_name_trgm_idx" ON "bots" USING gin ("name" gin_trgm_ops) WHERE "bots"."status" = 'published' and "bots"."latest_version" is not null;--> statement-breakpoint
CREATE INDEX "bots_market_description_trgm_idx" ON "bots" USING gin ("description" gin_trgm_ops) WHERE "bots"."status" = 'published' and "bots"."latest_version" is not null;--> statement-breakpoint
CREATE INDEX "bots_market_rating_idx" ON "bots" USING btree (("rating_sum"::float8 / nullif("rating_count", 0)) desc nulls last,"id" desc) WHERE "bots"."status" = 'published' and "bots"."latest_version" is not null;