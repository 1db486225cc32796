ALTER TABLE "games" ADD COLUMN "background_image" text;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "background_image_additional" text;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "platforms" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "stores" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "ratings" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
CREATE INDEX "game_keys_available_idx" ON "game_keys" USING btree ("game_id") WHERE "game_keys"."status" = 'available';--> statement-breakpoint
CREATE INDEX "games_listed_id_idx" ON "games" USING btree ("id") WHERE "games"."hidden" = false and "games"."price_cents" > 0;--> statement-breakpoint
CREATE INDEX "games_listed_price_idx" ON "games" USING btree ("price_cents","id") WHERE "games"."hidden" = false and "games"."price_cents" > 0;--> statement-breakpoint
CREATE INDEX "games_listed_platform_idx" ON "games" USING btree ("platform","id") WHERE "games"."hidden" = false and "games"."price_cents" > 0;--> statement-breakpoint
CREATE INDEX "games_release_date_idx" ON "games" USING btree ("release_date" DESC NULLS LAST,"id");