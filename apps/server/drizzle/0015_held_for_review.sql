ALTER TABLE "admin_audit" DROP CONSTRAINT "admin_audit_actor_valid";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_status_valid";--> statement-breakpoint
ALTER TABLE "admin_audit" ADD CONSTRAINT "admin_audit_actor_valid" CHECK (("admin_audit"."actor" = 'admin' and "admin_audit"."admin_id" is not null) or ("admin_audit"."actor" in ('payment_provider', 'system') and "admin_audit"."admin_id" is null));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status_valid" CHECK ("orders"."status" in ('draft', 'pending_payment', 'paid', 'awaiting_keys', 'cancelled', 'expired', 'refunded', 'held_for_review'));--> statement-breakpoint

-- Hand-written: the moves of a paid order held for review (modules/orders/order-state.ts, decision 027).
INSERT INTO "order_status_transitions" ("from_status", "to_status") VALUES
	('pending_payment', 'held_for_review'),
	('expired', 'held_for_review'),
	('held_for_review', 'paid'),
	('held_for_review', 'awaiting_keys'),
	('held_for_review', 'cancelled'),
	('held_for_review', 'refunded');
