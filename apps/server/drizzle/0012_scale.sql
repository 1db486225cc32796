-- Kept so that the migration history stays in order: scale-out needed no schema change.
SELECT 1;
