-- Hand-written: hardening.
SELECT 1;
