-- One English lexeme per target role: its most telling word (the longest that is not a generic
-- title word such as "engineer" or "senior"; a role of generic words alone keeps its longest). A
-- title matches a role only when it holds all the role's words, so a title without this one never
-- matches: the alert lookup finds a job's title matches by overlap with these terms.
CREATE FUNCTION "role_anchor_terms"(roles text[]) RETURNS text[]
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(DISTINCT anchor ORDER BY anchor), '{}'::text[])
  FROM (
    SELECT (
      SELECT term.lexeme
      FROM unnest(to_tsvector('english'::regconfig, role)) AS term(lexeme, positions, weights)
      ORDER BY term.lexeme = ANY (ARRAY['engin', 'develop', 'senior', 'junior', 'lead', 'staff',
        'princip', 'manag', 'head', 'intern', 'associ', 'specialist', 'sr', 'jr', 'ii', 'iii',
        'remot']),
        length(term.lexeme) DESC, term.lexeme
      LIMIT 1
    ) AS anchor
    FROM unnest(roles) AS role
  ) AS anchors
  WHERE anchor IS NOT NULL
$$;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "alerted_at" timestamp with time zone;--> statement-breakpoint
-- Postings stored before alerts existed are not new: none of them alerts anyone now.
UPDATE "jobs" SET "alerted_at" = "first_seen_at";--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "match_skills" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "us_places" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "role_terms" text[] GENERATED ALWAYS AS (role_anchor_terms("target_roles")) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "lookup_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Existing rows at once, as closely as SQL can: the profile's own skills (the CV's are added by
-- the exact rewrite of every row below LOOKUP_VERSION when the polls start), states and cities.
UPDATE "profiles" SET
  "match_skills" = "skills",
  "us_places" = "us_states" || ARRAY(
    SELECT (city ->> 'state') || '/' || lower(btrim(regexp_replace(city ->> 'city', '[^[:alnum:]_]+', ' ', 'g')))
    FROM jsonb_array_elements("us_cities") AS city
  );--> statement-breakpoint
CREATE INDEX "jobs_not_alerted" ON "jobs" USING btree ("first_seen_at") WHERE "jobs"."alerted_at" is null;--> statement-breakpoint
CREATE INDEX "profiles_match_skills_gin" ON "profiles" USING gin ("match_skills");--> statement-breakpoint
CREATE INDEX "profiles_us_places_gin" ON "profiles" USING gin ("us_places");--> statement-breakpoint
CREATE INDEX "profiles_role_terms_gin" ON "profiles" USING gin ("role_terms");
