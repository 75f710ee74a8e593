-- Site search over page text and product text: a tsvector per item and per page, kept up to
-- date by triggers (every way a product is saved or a page published goes through them), in
-- the text-search configuration of the site's language ('simple' where PostgreSQL has none).
CREATE OR REPLACE FUNCTION "site_search_config"("lang" text) RETURNS regconfig
LANGUAGE sql STABLE AS $$
  SELECT coalesce(
    (SELECT c.oid::regconfig FROM pg_catalog.pg_ts_config c
      WHERE c.cfgnamespace = 'pg_catalog'::regnamespace
        AND c.cfgname = CASE lower(split_part(replace(coalesce(lang, ''), '_', '-'), '-', 1))
          WHEN 'ar' THEN 'arabic' WHEN 'hy' THEN 'armenian' WHEN 'eu' THEN 'basque'
          WHEN 'ca' THEN 'catalan' WHEN 'da' THEN 'danish' WHEN 'nl' THEN 'dutch'
          WHEN 'en' THEN 'english' WHEN 'et' THEN 'estonian' WHEN 'fi' THEN 'finnish'
          WHEN 'fr' THEN 'french' WHEN 'de' THEN 'german' WHEN 'el' THEN 'greek'
          WHEN 'hi' THEN 'hindi' WHEN 'hu' THEN 'hungarian' WHEN 'id' THEN 'indonesian'
          WHEN 'ga' THEN 'irish' WHEN 'it' THEN 'italian' WHEN 'lt' THEN 'lithuanian'
          WHEN 'ne' THEN 'nepali' WHEN 'nb' THEN 'norwegian' WHEN 'nn' THEN 'norwegian'
          WHEN 'no' THEN 'norwegian' WHEN 'pt' THEN 'portuguese' WHEN 'ro' THEN 'romanian'
          WHEN 'ru' THEN 'russian' WHEN 'sr' THEN 'serbian' WHEN 'es' THEN 'spanish'
          WHEN 'sv' THEN 'swedish' WHEN 'ta' THEN 'tamil' WHEN 'tr' THEN 'turkish'
          WHEN 'yi' THEN 'yiddish'
        END),
    'simple'::regconfig)
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "search_plain_text"("html" text) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT btrim(regexp_replace(
    replace(replace(replace(replace(replace(replace(
      regexp_replace(coalesce(html, ''), '<[^>]*>', ' ', 'g'),
      '&nbsp;', ' '), '&lt;', '<'), '&gt;', '>'), '&quot;', '"'), '&#39;', ''''), '&amp;', '&'),
    '\s+', ' ', 'g'))
$$;--> statement-breakpoint
-- The words of a page layout's blocks that visitors read, in page order: headings, text,
-- quotes, Markdown (its markup dropped), accordions, buttons, captions, gallery titles …
CREATE OR REPLACE FUNCTION "search_layout_text"("layout" jsonb) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  WITH blocks AS (
    SELECT b, si, bi
    FROM jsonb_array_elements(CASE WHEN jsonb_typeof(layout->'sections') = 'array' THEN layout->'sections' ELSE '[]'::jsonb END) WITH ORDINALITY AS s(sec, si),
         jsonb_array_elements(CASE WHEN jsonb_typeof(sec->'blocks') = 'array' THEN sec->'blocks' ELSE '[]'::jsonb END) WITH ORDINALITY AS bl(b, bi)
  ), texts AS (
    SELECT si, bi, ki, CASE
        WHEN b->>'type' = 'markdown' THEN regexp_replace(b->'props'->>k, '[#*_`>~|]+|\]\([^)]*\)|[\[\]]', ' ', 'g')
        ELSE b->'props'->>k
      END AS t
    FROM blocks,
         unnest(CASE b->>'type'
           WHEN 'heading' THEN ARRAY['text'] WHEN 'text' THEN ARRAY['html']
           WHEN 'quote' THEN ARRAY['text', 'source'] WHEN 'markdown' THEN ARRAY['markdown']
           WHEN 'accordion' THEN ARRAY['items'] WHEN 'button' THEN ARRAY['label']
           WHEN 'image' THEN ARRAY['caption'] WHEN 'video' THEN ARRAY['caption']
           WHEN 'audio' THEN ARRAY['title', 'artist'] WHEN 'summary' THEN ARRAY['title']
           WHEN 'newsletter' THEN ARRAY['title', 'description']
           ELSE ARRAY[]::text[] END) WITH ORDINALITY AS keys(k, ki)
    WHERE jsonb_typeof(b->'props'->k) = 'string'
    UNION ALL
    SELECT si, bi, 100 + gi, g->>'title'
    FROM blocks,
         jsonb_array_elements(CASE WHEN b->>'type' = 'gallery' AND jsonb_typeof(b->'props'->'images') = 'array' THEN b->'props'->'images' ELSE '[]'::jsonb END) WITH ORDINALITY AS gal(g, gi)
  )
  SELECT coalesce(string_agg(search_plain_text(t), ' ' ORDER BY si, bi, ki), '')
  FROM texts WHERE t IS NOT NULL AND t <> ''
$$;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "search_document" tsvector;--> statement-breakpoint
ALTER TABLE "page_settings" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "page_settings" ADD COLUMN "search_document" tsvector;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "items_search_document"() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE cfg regconfig;
BEGIN
  SELECT site_search_config(w.language) INTO cfg FROM websites w WHERE w.id = NEW.website_id;
  cfg := coalesce(cfg, 'simple'::regconfig);
  NEW.search_document :=
    setweight(to_tsvector(cfg, coalesce(NEW.title, '')), 'A') ||
    setweight(to_tsvector(cfg, search_plain_text(NEW.excerpt)), 'B') ||
    setweight(to_tsvector(cfg, search_plain_text(NEW.body)), 'C');
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "items_search_document" BEFORE INSERT OR UPDATE OF "title", "excerpt", "body" ON "items"
FOR EACH ROW EXECUTE FUNCTION items_search_document();--> statement-breakpoint
CREATE OR REPLACE FUNCTION "page_settings_search_document"() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE cfg regconfig; page_title text;
BEGIN
  SELECT site_search_config(w.language) INTO cfg FROM websites w WHERE w.id = NEW.website_id;
  cfg := coalesce(cfg, 'simple'::regconfig);
  SELECT c.title INTO page_title FROM collections c WHERE c.id = NEW.collection_id;
  NEW.search_text := coalesce(
    (SELECT search_layout_text(r.layout) FROM page_revisions r WHERE r.id = NEW.published_revision_id), '');
  NEW.search_document :=
    setweight(to_tsvector(cfg, coalesce(page_title, '')), 'A') ||
    setweight(to_tsvector(cfg, NEW.search_text), 'B');
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "page_settings_search_document" BEFORE INSERT OR UPDATE OF "published_revision_id" ON "page_settings"
FOR EACH ROW EXECUTE FUNCTION page_settings_search_document();--> statement-breakpoint
-- A renamed page is found by its new title.
CREATE OR REPLACE FUNCTION "collections_search_title"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE page_settings SET published_revision_id = published_revision_id WHERE collection_id = NEW.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "collections_search_title" AFTER UPDATE OF "title" ON "collections"
FOR EACH ROW WHEN (OLD.title IS DISTINCT FROM NEW.title) EXECUTE FUNCTION collections_search_title();--> statement-breakpoint
-- A site that changes its language is indexed again in that language's configuration.
CREATE OR REPLACE FUNCTION "websites_search_language"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE items SET title = title WHERE website_id = NEW.id;
  UPDATE page_settings SET published_revision_id = published_revision_id WHERE website_id = NEW.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "websites_search_language" AFTER UPDATE OF "language" ON "websites"
FOR EACH ROW WHEN (OLD.language IS DISTINCT FROM NEW.language) EXECUTE FUNCTION websites_search_language();--> statement-breakpoint
UPDATE "items" SET "title" = "title";--> statement-breakpoint
UPDATE "page_settings" SET "published_revision_id" = "published_revision_id";--> statement-breakpoint
DROP INDEX IF EXISTS "items_search_idx";--> statement-breakpoint
CREATE INDEX "items_search_idx" ON "items" USING gin ("search_document");--> statement-breakpoint
CREATE INDEX "page_settings_search_idx" ON "page_settings" USING gin ("search_document");
