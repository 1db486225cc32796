ALTER TABLE "invoices" ALTER COLUMN "number" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "year" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "sequence" DROP NOT NULL;--> statement-breakpoint
CREATE INDEX "invoices_unnumbered_idx" ON "invoices" USING btree ("issued_at","id") WHERE "invoices"."number" is null;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_numbered_whole" CHECK (("invoices"."number" is null) = ("invoices"."year" is null) and ("invoices"."number" is null) = ("invoices"."sequence" is null) and ("invoices"."number" is not null or "invoices"."kind" = 'invoice'));--> statement-breakpoint
-- Hand-written (drizzle-kit does not describe triggers): invoices never change, but for the one step that
-- gives an unnumbered invoice its number (decision 033), and are deleted only after their retention period.
CREATE OR REPLACE FUNCTION "keyland_invoices_immutable"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'DELETE' AND OLD.retain_until < current_date THEN
		RETURN OLD;
	END IF;
	IF TG_OP = 'UPDATE' AND OLD.number IS NULL AND NEW.number IS NOT NULL
		AND to_jsonb(NEW) - 'number' - 'year' - 'sequence' = to_jsonb(OLD) - 'number' - 'year' - 'sequence' THEN
		RETURN NEW;
	END IF;
	RAISE EXCEPTION 'invoices are immutable';
END;
$$;
