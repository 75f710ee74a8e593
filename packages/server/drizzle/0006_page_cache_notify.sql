-- Page cache invalidation (issue 18). Cached pages are dropped when what they show changes,
-- on every process, through LISTEN/NOTIFY (works on PGlite too). Triggers cover writes
-- from any code path (services, back office, seed, psql). NOTIFY is delivered at commit and
-- identical notifications in one transaction are sent once.
--   site_changed    payload: website id             → drop every cached page of the site
--   catalog_changed payload: website id, space, item id → drop the pages showing that item

CREATE OR REPLACE FUNCTION notify_site_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('site_changed', OLD.website_id);
  ELSE
    PERFORM pg_notify('site_changed', NEW.website_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION notify_website_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('site_changed', OLD.id);
  ELSE
    PERFORM pg_notify('site_changed', NEW.id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Items: an edit touches the pages showing the item; adding or removing one changes lists.
CREATE OR REPLACE FUNCTION notify_item_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    PERFORM pg_notify('catalog_changed', NEW.website_id || ' ' || NEW.id);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('site_changed', OLD.website_id);
  ELSE
    PERFORM pg_notify('site_changed', NEW.website_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION notify_product_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('catalog_changed', OLD.website_id || ' ' || OLD.item_id);
  ELSE
    PERFORM pg_notify('catalog_changed', NEW.website_id || ' ' || NEW.item_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Variants: pages show price, sale, options and the stock state (in stock / sold out, and
-- the low-stock count of the scarcity message), not every unit: a decrement from 57 to 56
-- notifies nobody; crossing zero or any change at 10 or below does. The add-to-cart and
-- checkout calls check the live quantity, so a page's exact count above 10 may lag.
CREATE OR REPLACE FUNCTION notify_variant_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE'
     AND (OLD.price_cents, OLD.sale_price_cents, OLD.on_sale, OLD.unlimited, OLD.sku, OLD.attributes,
          OLD.image_url, OLD.display_index, OLD.item_id)
         IS NOT DISTINCT FROM
         (NEW.price_cents, NEW.sale_price_cents, NEW.on_sale, NEW.unlimited, NEW.sku, NEW.attributes,
          NEW.image_url, NEW.display_index, NEW.item_id)
     AND ((OLD.qty_in_stock > 0) = (NEW.qty_in_stock > 0))
     AND (OLD.qty_in_stock = NEW.qty_in_stock OR LEAST(OLD.qty_in_stock, NEW.qty_in_stock) > 10) THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('catalog_changed', OLD.website_id || ' ' || OLD.item_id);
  ELSE
    PERFORM pg_notify('catalog_changed', NEW.website_id || ' ' || NEW.item_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER websites_notify AFTER INSERT OR UPDATE OR DELETE ON websites
  FOR EACH ROW EXECUTE FUNCTION notify_website_changed();
--> statement-breakpoint
CREATE TRIGGER collections_notify AFTER INSERT OR UPDATE OR DELETE ON collections
  FOR EACH ROW EXECUTE FUNCTION notify_site_changed();
--> statement-breakpoint
CREATE TRIGGER categories_notify AFTER INSERT OR UPDATE OR DELETE ON categories
  FOR EACH ROW EXECUTE FUNCTION notify_site_changed();
--> statement-breakpoint
CREATE TRIGGER navigations_notify AFTER INSERT OR UPDATE OR DELETE ON navigations
  FOR EACH ROW EXECUTE FUNCTION notify_site_changed();
--> statement-breakpoint
CREATE TRIGGER header_footers_notify AFTER INSERT OR UPDATE OR DELETE ON header_footers
  FOR EACH ROW EXECUTE FUNCTION notify_site_changed();
--> statement-breakpoint
CREATE TRIGGER forms_notify AFTER INSERT OR UPDATE OR DELETE ON forms
  FOR EACH ROW EXECUTE FUNCTION notify_site_changed();
--> statement-breakpoint
CREATE TRIGGER items_notify AFTER INSERT OR UPDATE OR DELETE ON items
  FOR EACH ROW EXECUTE FUNCTION notify_item_changed();
--> statement-breakpoint
CREATE TRIGGER products_notify AFTER INSERT OR UPDATE OR DELETE ON products
  FOR EACH ROW EXECUTE FUNCTION notify_product_changed();
--> statement-breakpoint
CREATE TRIGGER variants_notify AFTER INSERT OR UPDATE OR DELETE ON variants
  FOR EACH ROW EXECUTE FUNCTION notify_variant_changed();
