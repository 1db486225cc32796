-- Kept so that the migration history stays in order: the hardening work needed no schema change.
SELECT 1;
