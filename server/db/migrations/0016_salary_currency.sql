-- Pay in any currency: postings keep the stated currency and yearly figures in it, profiles their
-- floor's amount, currency and period. Existing figures were all yearly US dollars; a floor of 0
-- filtered nothing, so it becomes none. Stored postings in other currencies get their pay when
-- their board is next polled (the content hash covers the new columns).
ALTER TABLE "jobs" ADD COLUMN "salary_currency" text;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "salary_min_yearly" bigint;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "salary_max_yearly" bigint;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "min_salary_amount" bigint;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "min_salary_currency" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "min_salary_period" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "min_salary_yearly" bigint GENERATED ALWAYS AS ("min_salary_amount" * case "min_salary_period" when 'month' then 12 when 'hour' then 2080 else 1 end) STORED;--> statement-breakpoint
UPDATE "jobs" SET "salary_currency" = 'USD', "salary_min_yearly" = "salary_min_usd", "salary_max_yearly" = "salary_max_usd" WHERE "salary_min_usd" IS NOT NULL AND "salary_max_usd" IS NOT NULL;--> statement-breakpoint
UPDATE "profiles" SET "min_salary_amount" = "min_salary_usd", "min_salary_currency" = 'USD', "min_salary_period" = 'year' WHERE "min_salary_usd" > 0;--> statement-breakpoint
UPDATE "dismissed_suggestions" SET "key" = 'field:minSalary' WHERE "key" = 'field:minSalaryUsd';--> statement-breakpoint
ALTER TABLE "jobs" DROP COLUMN "salary_min_usd";--> statement-breakpoint
ALTER TABLE "jobs" DROP COLUMN "salary_max_usd";--> statement-breakpoint
ALTER TABLE "profiles" DROP COLUMN "min_salary_usd";