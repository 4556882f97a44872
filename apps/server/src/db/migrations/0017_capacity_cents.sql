ALTER TABLE "companies" ADD COLUMN "soft_capacity_cents" integer;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "hard_capacity_cents" integer;--> statement-breakpoint
-- Limits were stored as dollars in floating point; they become whole cents (0.5 → 50, 500.5 → 50050).
UPDATE "companies" SET "soft_capacity_cents" = round("soft_capacity" * 100)::integer, "hard_capacity_cents" = round("hard_capacity" * 100)::integer WHERE "soft_capacity" IS NOT NULL OR "hard_capacity" IS NOT NULL;
