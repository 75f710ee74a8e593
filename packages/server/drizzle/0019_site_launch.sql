-- A site created from the setup screen or `npm run create-site` shows visitors a "coming soon"
-- page until its owner first publishes it: launched_at is that moment (null: not yet).
-- Sites that existed before were already public, so they count as launched when created.
ALTER TABLE "websites" ADD COLUMN "launched_at" timestamp with time zone;--> statement-breakpoint
UPDATE "websites" SET "launched_at" = "created_at";--> statement-breakpoint
-- /media/<hash>/<name> answers only for a file of the requesting site's own library.
CREATE INDEX "media_assets_website_hash_idx" ON "media_assets" USING btree ("website_id","hash");
