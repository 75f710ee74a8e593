-- Mailing lists an owner names, and their members. A member is one e-mail on one list with
-- its consent (when and through what it was given) and its state: pending (a double opt-in
-- mail is out and not yet confirmed), subscribed, or unsubscribed. The unsubscribe token is
-- random and names no e-mail. Each site has one default list ("Newsletter"); the newsletter
-- subscribers kept so far move into it with their tokens, so links already sent keep working.
CREATE TABLE "mailing_lists" (
  "id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
  "website_id" text NOT NULL REFERENCES "websites"("id") ON DELETE cascade,
  "name" text NOT NULL,
  "double_opt_in" boolean DEFAULT false NOT NULL,
  "is_default" boolean DEFAULT false NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "mailing_lists_name_key" ON "mailing_lists" ("website_id", lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "mailing_lists_default_key" ON "mailing_lists" ("website_id") WHERE "is_default";--> statement-breakpoint
CREATE TABLE "list_members" (
  "id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
  "website_id" text NOT NULL REFERENCES "websites"("id") ON DELETE cascade,
  "list_id" text NOT NULL REFERENCES "mailing_lists"("id") ON DELETE cascade,
  "email" text NOT NULL,
  "status" text DEFAULT 'subscribed' NOT NULL,
  "source" text NOT NULL,
  "consent_at" timestamp with time zone,
  "consent_source" text DEFAULT '' NOT NULL,
  "confirm_token" text,
  "unsubscribe_token" text NOT NULL,
  "unsubscribed_at" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "list_members_status" CHECK ("status" in ('pending', 'subscribed', 'unsubscribed')),
  CONSTRAINT "list_members_email_lower" CHECK ("email" = lower("email"))
);--> statement-breakpoint
CREATE UNIQUE INDEX "list_members_list_email_key" ON "list_members" ("list_id", "email");--> statement-breakpoint
CREATE UNIQUE INDEX "list_members_unsubscribe_token_key" ON "list_members" ("unsubscribe_token");--> statement-breakpoint
CREATE UNIQUE INDEX "list_members_confirm_token_key" ON "list_members" ("confirm_token");--> statement-breakpoint
CREATE INDEX "list_members_website_email_idx" ON "list_members" ("website_id", "email");--> statement-breakpoint
CREATE INDEX "list_members_list_status_idx" ON "list_members" ("list_id", "status", "email");--> statement-breakpoint
INSERT INTO "mailing_lists" ("website_id", "name", "is_default")
  SELECT "id", 'Newsletter', true FROM "websites";--> statement-breakpoint
INSERT INTO "list_members" ("website_id", "list_id", "email", "status", "source", "consent_at", "consent_source", "unsubscribe_token", "unsubscribed_at", "created_at")
  SELECT s."website_id", l."id", lower(s."email"),
    CASE WHEN s."unsubscribed_at" IS NULL THEN 'subscribed' ELSE 'unsubscribed' END,
    s."source", s."created_at", s."source", s."unsubscribe_token", s."unsubscribed_at", s."created_at"
  FROM "newsletter_subscribers" s JOIN "mailing_lists" l ON l."website_id" = s."website_id" AND l."is_default"
  ON CONFLICT DO NOTHING;--> statement-breakpoint
ALTER TABLE "popup_overlays" ADD COLUMN "list_id" text REFERENCES "mailing_lists"("id") ON DELETE set null;--> statement-breakpoint
DROP TABLE "newsletter_subscribers";
--> statement-breakpoint
CREATE TABLE "mailing_segments" (
  "id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
  "website_id" text NOT NULL REFERENCES "websites"("id") ON DELETE cascade,
  "name" text NOT NULL,
  "rule" jsonb DEFAULT '{}'::jsonb NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "mailing_segments_name_key" ON "mailing_segments" ("website_id", lower("name"));--> statement-breakpoint
ALTER TABLE "forms" ADD COLUMN "list_opt_in" jsonb;--> statement-breakpoint
INSERT INTO "list_members" ("website_id", "list_id", "email", "status", "source", "consent_at", "consent_source", "unsubscribe_token", "created_at")
  SELECT DISTINCT ON (r."website_id", lower(r."email")) r."website_id", l."id", lower(r."email"), 'subscribed', 'restock',
    r."created_at", 'restock', gen_random_uuid()::text || replace(gen_random_uuid()::text, '-', ''), r."created_at"
  FROM "restock_signups" r JOIN "mailing_lists" l ON l."website_id" = r."website_id" AND l."is_default"
  WHERE r."is_join_mailing_list"
  ORDER BY r."website_id", lower(r."email"), r."created_at"
  ON CONFLICT DO NOTHING;
