-- Checkout's "Keep me posted" box (store settings → Newsletter at checkout): off until the
-- owner turns it on; the list a ticked box joins (set to null when that list is deleted, which
-- turns the box off on the page) and the words beside the box. A change drops the site's
-- cached pages (the checkout page shows the box) through the site_changed NOTIFY.
CREATE TABLE "checkout_opt_in_settings" (
  "website_id" text PRIMARY KEY NOT NULL REFERENCES "websites"("id") ON DELETE cascade,
  "enabled" boolean DEFAULT false NOT NULL,
  "list_id" text REFERENCES "mailing_lists"("id") ON DELETE set null,
  "label" text DEFAULT 'Keep me posted with news and offers' NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE TRIGGER checkout_opt_in_settings_notify AFTER INSERT OR UPDATE OR DELETE ON checkout_opt_in_settings
  FOR EACH ROW EXECUTE FUNCTION notify_site_changed();
