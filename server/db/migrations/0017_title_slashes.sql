-- A slash separates words in titles and roles ("ML/AI Engineer", "iOS/Android Developer"): the
-- text search parser reads "ml/ai" as one file path, so such a title matched neither role. The
-- search vector is rebuilt with slashes as spaces (dropping the column drops its index, made
-- again below), and role anchors are read the same way.
ALTER TABLE "jobs" drop column "search";--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', translate("title", '/', ' ')), 'A') || setweight(to_tsvector('english', translate("description", '/', ' ')), 'B')) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "jobs_search_gin" ON "jobs" USING gin ("search");--> statement-breakpoint
CREATE OR REPLACE FUNCTION "role_anchor_terms"(roles text[]) RETURNS text[]
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(DISTINCT anchor ORDER BY anchor), '{}'::text[])
  FROM (
    SELECT (
      SELECT term.lexeme
      FROM unnest(to_tsvector('english'::regconfig, translate(role, '/', ' '))) AS term(lexeme, positions, weights)
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
-- Stored anchors are computed again only when their row is written.
UPDATE "profiles" SET "target_roles" = "target_roles" WHERE array_to_string("target_roles", ' ') LIKE '%/%';
