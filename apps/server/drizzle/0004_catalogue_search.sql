-- Index-backed catalogue name search (accent- and case-insensitive, typo-tolerant).
-- unaccent() is only STABLE (it reads a dictionary chosen through search_path), so it cannot appear in an
-- index expression. This wrapper names the dictionary and the function by schema, which makes declaring
-- it IMMUTABLE safe, and lets the GIN trigram index below serve both LIKE '%…%' and word similarity (<%).
CREATE OR REPLACE FUNCTION keyland_unaccent(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "games_title_trgm_idx" ON "games"
  USING gin (keyland_unaccent(lower("title")) gin_trgm_ops);
