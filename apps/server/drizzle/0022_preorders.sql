ALTER TABLE "games" ADD COLUMN "preorder_allowed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "preorder_release" date;--> statement-breakpoint
CREATE INDEX "order_lines_preorder_idx" ON "order_lines" USING btree ("game_id") WHERE "order_lines"."preorder_release" is not null;