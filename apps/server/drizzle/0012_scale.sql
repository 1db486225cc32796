-- Hand-written: scale-out.
SELECT 1;
