ALTER TABLE "companies" DROP COLUMN "soft_capacity";--> statement-breakpoint
ALTER TABLE "companies" DROP COLUMN "hard_capacity";