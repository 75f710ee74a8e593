-- A product save (and a catalogue import of thousands) asks whether any of its SKUs is taken on
-- the site, case-insensitively: an index on lower(sku) answers that without reading every variant.
CREATE INDEX IF NOT EXISTS "variants_website_lower_sku_idx" ON "variants" USING btree ("website_id", lower("sku"));
