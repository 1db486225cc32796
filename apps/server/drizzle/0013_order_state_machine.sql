CREATE TABLE "order_status_transitions" (
	"from_status" text NOT NULL,
	"to_status" text NOT NULL,
	CONSTRAINT "order_status_transitions_from_status_to_status_pk" PRIMARY KEY("from_status","to_status")
);
--> statement-breakpoint
-- Hand-written (drizzle-kit does not describe triggers or data): the order state machine of
-- modules/orders/order-state.ts, held where the data lives. Keep the rows equal to `allowedStatusPairs()`
-- (a test compares them).
INSERT INTO "order_status_transitions" ("from_status", "to_status") VALUES
	('awaiting_keys', 'paid'),
	('awaiting_keys', 'refunded'),
	('expired', 'awaiting_keys'),
	('expired', 'paid'),
	('paid', 'cancelled'),
	('paid', 'refunded'),
	('pending_payment', 'awaiting_keys'),
	('pending_payment', 'cancelled'),
	('pending_payment', 'expired'),
	('pending_payment', 'paid');--> statement-breakpoint
CREATE FUNCTION "keyland_orders_status_guard"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		IF NEW.status NOT IN ('draft', 'pending_payment') THEN
			RAISE EXCEPTION 'order status guard: an order cannot be created as %', NEW.status
				USING ERRCODE = 'check_violation';
		END IF;
	ELSIF NEW.status IS DISTINCT FROM OLD.status AND NOT EXISTS (
		SELECT 1 FROM "order_status_transitions" t WHERE t.from_status = OLD.status AND t.to_status = NEW.status
	) THEN
		RAISE EXCEPTION 'order status guard: order % cannot move from % to %', OLD.id, OLD.status, NEW.status
			USING ERRCODE = 'check_violation';
	END IF;
	RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "orders_status_guard" BEFORE INSERT OR UPDATE OF "status" ON "orders" FOR EACH ROW EXECUTE FUNCTION "keyland_orders_status_guard"();--> statement-breakpoint
-- A sold key only becomes revoked; a revoked key never changes again (it is never sold twice).
CREATE FUNCTION "keyland_game_keys_status_guard"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF NEW.status IS DISTINCT FROM OLD.status AND (
		OLD.status = 'revoked' OR (OLD.status = 'sold' AND NEW.status <> 'revoked')
	) THEN
		RAISE EXCEPTION 'key status guard: key % cannot move from % to %', OLD.id, OLD.status, NEW.status
			USING ERRCODE = 'check_violation';
	END IF;
	RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "game_keys_status_guard" BEFORE UPDATE OF "status" ON "game_keys" FOR EACH ROW EXECUTE FUNCTION "keyland_game_keys_status_guard"();
