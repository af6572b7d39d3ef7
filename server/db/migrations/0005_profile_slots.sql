-- Several alert profiles and CVs per user, by slot (Free: 1, Pro: 1 to 3). Every existing row is
-- slot 1 (the column's default), so nothing is lost; then the keys become (uid, slot).
ALTER TABLE "profiles" ADD COLUMN "slot" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "cvs" ADD COLUMN "slot" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "slot" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" DROP CONSTRAINT "profiles_pkey";--> statement-breakpoint
ALTER TABLE "cvs" DROP CONSTRAINT "cvs_pkey";--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_uid_slot_pk" PRIMARY KEY("uid","slot");--> statement-breakpoint
ALTER TABLE "cvs" ADD CONSTRAINT "cvs_uid_slot_pk" PRIMARY KEY("uid","slot");--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_slot_range" CHECK ("profiles"."slot" between 1 and 3);--> statement-breakpoint
ALTER TABLE "cvs" ADD CONSTRAINT "cvs_slot_range" CHECK ("cvs"."slot" between 1 and 3);--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_slot_range" CHECK ("alerts"."slot" between 1 and 3);--> statement-breakpoint
-- Slot 1 is on every plan, so every existing profile is active.
ALTER TABLE "profiles" ADD COLUMN "active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
-- The lookup's indexes hold active profiles only.
DROP INDEX "profiles_match_skills_gin";--> statement-breakpoint
DROP INDEX "profiles_us_places_gin";--> statement-breakpoint
DROP INDEX "profiles_role_terms_gin";--> statement-breakpoint
CREATE INDEX "profiles_match_skills_gin" ON "profiles" USING gin ("match_skills") WHERE "profiles"."active";--> statement-breakpoint
CREATE INDEX "profiles_us_places_gin" ON "profiles" USING gin ("us_places") WHERE "profiles"."active";--> statement-breakpoint
CREATE INDEX "profiles_role_terms_gin" ON "profiles" USING gin ("role_terms") WHERE "profiles"."active";
