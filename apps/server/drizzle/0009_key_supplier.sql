-- Hand-written: key supplier and game data.
SELECT 1;
