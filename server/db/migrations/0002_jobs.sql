CREATE TABLE "jobs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "jobs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"source" text NOT NULL,
	"board" text NOT NULL,
	"external_id" text NOT NULL,
	"dedupe_key" text NOT NULL,
	"title" text NOT NULL,
	"company" text NOT NULL,
	"locations" text[] NOT NULL,
	"us_places" text[] NOT NULL,
	"remote" boolean NOT NULL,
	"us_eligibility" text NOT NULL,
	"seniority" text NOT NULL,
	"salary_min_usd" integer,
	"salary_max_usd" integer,
	"description" text NOT NULL,
	"skills" text[] NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', "title"), 'A') || setweight(to_tsvector('english', "description"), 'B')) STORED NOT NULL,
	"apply_url" text NOT NULL,
	"posted_at" timestamp with time zone,
	"first_seen_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	"content_hash" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "jobs_source_board_external_id" UNIQUE("source","board","external_id")
);
--> statement-breakpoint
CREATE INDEX "jobs_skills_gin" ON "jobs" USING gin ("skills");--> statement-breakpoint
CREATE INDEX "jobs_us_places_gin" ON "jobs" USING gin ("us_places");--> statement-breakpoint
CREATE INDEX "jobs_search_gin" ON "jobs" USING gin ("search");--> statement-breakpoint
CREATE INDEX "jobs_dedupe_key" ON "jobs" USING btree ("dedupe_key");