-- Hand-written: admin back office: second factor, covers, provider refund and dispute events.
SELECT 1;
