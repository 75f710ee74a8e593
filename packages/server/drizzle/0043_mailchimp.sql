-- Mailchimp: a site's connected account (the API key sealed with the server key, shown by its
-- last four characters) and, per mailing list, the audience it feeds. Each link keeps its own
-- push cursor on list_members (updated_at, id), the time unsubscribes were last pulled, the
-- retry state of a failed push and a lease, so one process at a time syncs it and no row lock
-- is held while Mailchimp answers. Disconnecting deletes the account and so its links.
CREATE TABLE "mailchimp_accounts" (
  "website_id" text PRIMARY KEY NOT NULL REFERENCES "websites"("id") ON DELETE cascade,
  "api_key_sealed" text NOT NULL,
  "api_key_last4" text NOT NULL,
  "data_center" text NOT NULL,
  "account_name" text DEFAULT '' NOT NULL,
  "status" text DEFAULT 'connected' NOT NULL,
  "last_error" text,
  "connected_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "mailchimp_accounts_status" CHECK ("status" in ('connected', 'failed'))
);--> statement-breakpoint
CREATE TABLE "mailchimp_links" (
  "id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
  "website_id" text NOT NULL REFERENCES "mailchimp_accounts"("website_id") ON DELETE cascade,
  "list_id" text NOT NULL REFERENCES "mailing_lists"("id") ON DELETE cascade,
  "audience_id" text NOT NULL,
  "audience_name" text NOT NULL,
  "cursor_at" timestamp with time zone,
  "cursor_id" text,
  "pulled_since" timestamp with time zone,
  "pushed_count" integer DEFAULT 0 NOT NULL,
  "pulled_count" integer DEFAULT 0 NOT NULL,
  "skipped_count" integer DEFAULT 0 NOT NULL,
  "attempts" integer DEFAULT 0 NOT NULL,
  "last_error" text,
  "next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
  "last_sync_at" timestamp with time zone,
  "lease_token" text,
  "lease_until" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "mailchimp_links_list_key" ON "mailchimp_links" ("list_id");--> statement-breakpoint
CREATE INDEX "mailchimp_links_due_idx" ON "mailchimp_links" ("next_attempt_at");--> statement-breakpoint
CREATE INDEX "list_members_sync_idx" ON "list_members" ("list_id", "updated_at", "id");
