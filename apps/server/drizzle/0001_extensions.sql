-- Extensions used by the catalogue name search (accent-insensitive, typo-tolerant).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;
