-- Profiles saved before a seeker could say where they live are US residents (the only market then).
-- Stored postings' remote areas stay empty until their board's next poll rewrites them (the
-- content hash covers them): till then a seeker outside the US finds them by remote-from-anywhere only.
ALTER TABLE "jobs" ADD COLUMN "remote_areas" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "country" text DEFAULT 'US' NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "remote_areas" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
CREATE INDEX "jobs_remote_areas_gin" ON "jobs" USING gin ("remote_areas");--> statement-breakpoint
CREATE INDEX "profiles_remote_areas_gin" ON "profiles" USING gin ("remote_areas") WHERE "profiles"."active";