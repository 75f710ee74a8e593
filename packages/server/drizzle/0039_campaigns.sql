-- E-mail campaigns: a subject, preheader and body of blocks sent to one or more mailing lists.
-- When a campaign starts, its audience is written to "campaign_recipients" once per e-mail
-- (members of several chosen lists once); a worker then hands pending recipients to the outbox
-- at the site's rate per minute. A recipient row is claimed with a lease ("lease_until",
-- "lease_owner") and, in one transaction, turned "queued" while its outbox mail is inserted with
-- the recipient's id: a crash before that commit leaves it pending for the next claim, and a
-- recipient already queued is never queued again. Opens, clicks and unsubscribes are stamped
-- once per recipient. "email_outbox"."headers" carries extra mail headers (List-Unsubscribe) and
-- "from_name" a sender name of the mail's own (the campaign's) instead of the site's.
CREATE TABLE "campaigns" (
  "id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
  "website_id" text NOT NULL REFERENCES "websites"("id") ON DELETE cascade,
  "subject" text DEFAULT '' NOT NULL,
  "preheader" text DEFAULT '' NOT NULL,
  "from_name" text DEFAULT '' NOT NULL,
  "blocks" jsonb DEFAULT '[]'::jsonb NOT NULL,
  "list_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
  "segment" jsonb,
  "tracking" boolean DEFAULT false NOT NULL,
  "status" text DEFAULT 'draft' NOT NULL,
  "scheduled_at" timestamp with time zone,
  "started_at" timestamp with time zone,
  "finished_at" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "campaigns_status" CHECK ("status" in ('draft', 'scheduled', 'sending', 'sent', 'cancelled'))
);--> statement-breakpoint
CREATE INDEX "campaigns_website_idx" ON "campaigns" ("website_id", "created_at");--> statement-breakpoint
CREATE INDEX "campaigns_due_idx" ON "campaigns" ("status", "scheduled_at");--> statement-breakpoint
CREATE TABLE "campaign_recipients" (
  "id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
  "campaign_id" text NOT NULL REFERENCES "campaigns"("id") ON DELETE cascade,
  "website_id" text NOT NULL REFERENCES "websites"("id") ON DELETE cascade,
  "email" text NOT NULL,
  "state" text DEFAULT 'pending' NOT NULL,
  "lease_until" timestamp with time zone,
  "lease_owner" text,
  "queued_at" timestamp with time zone,
  "opened_at" timestamp with time zone,
  "clicked_at" timestamp with time zone,
  "unsubscribed_at" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "campaign_recipients_state" CHECK ("state" in ('pending', 'queued', 'skipped'))
);--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_recipients_campaign_email_key" ON "campaign_recipients" ("campaign_id", "email");--> statement-breakpoint
CREATE INDEX "campaign_recipients_pending_idx" ON "campaign_recipients" ("website_id", "state", "campaign_id");--> statement-breakpoint
CREATE INDEX "campaign_recipients_queued_idx" ON "campaign_recipients" ("website_id", "queued_at");--> statement-breakpoint
CREATE TABLE "campaign_settings" (
  "website_id" text PRIMARY KEY NOT NULL REFERENCES "websites"("id") ON DELETE cascade,
  "rate_per_minute" integer DEFAULT 600 NOT NULL,
  CONSTRAINT "campaign_settings_rate" CHECK ("rate_per_minute" between 1 and 100000)
);--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "headers" jsonb;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "from_name" text;
