-- Donations: each paid donation line of an order (one-off, or a recurring donation's first
-- charge and each renewal), and the site's receipt settings. A donation is an order line of
-- the site's hidden "Donations" store; this table is what the owner's numbers count, apart
-- from sales. UNIQUE (order_id, campaign_id): an order is recorded once per donation form,
-- so a settle run twice records (and mails the receipt) once.
CREATE TABLE "donations" (
  "id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
  "website_id" text NOT NULL REFERENCES "websites"("id") ON DELETE cascade,
  "order_id" text NOT NULL REFERENCES "orders"("id") ON DELETE cascade,
  "campaign_id" text NOT NULL,
  "campaign_title" text DEFAULT '' NOT NULL,
  "amount_minor" integer NOT NULL,
  "currency" text NOT NULL,
  "frequency" text DEFAULT 'once' NOT NULL,
  "subscription_id" text,
  "renewal" boolean DEFAULT false NOT NULL,
  "donor_email" text NOT NULL,
  "test_mode" boolean DEFAULT false NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "donations_order_campaign" UNIQUE ("order_id", "campaign_id"),
  CONSTRAINT "donations_amount_positive" CHECK ("amount_minor" > 0),
  CONSTRAINT "donations_frequency" CHECK ("frequency" in ('once', 'monthly', 'yearly'))
);--> statement-breakpoint
CREATE INDEX "donations_website_created_idx" ON "donations" ("website_id", "created_at");--> statement-breakpoint
CREATE TABLE "donation_settings" (
  "website_id" text PRIMARY KEY NOT NULL REFERENCES "websites"("id") ON DELETE cascade,
  "organisation_name" text DEFAULT '' NOT NULL,
  "receipt_note" text DEFAULT '' NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
