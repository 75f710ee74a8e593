-- The owner's own Google Places key for address suggestions at checkout, sealed with the
-- server's SECRETS_KEY and bound to the site; the studio sees its last four characters only.
CREATE TABLE "places_settings" (
  "website_id" text PRIMARY KEY NOT NULL REFERENCES "websites"("id") ON DELETE cascade,
  "google_api_key_sealed" text NOT NULL,
  "google_api_key_last4" text NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
