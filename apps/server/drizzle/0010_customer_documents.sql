-- Hand-written: invoices, credit notes, withdrawal, data export and erasure, OSS report.
SELECT 1;
