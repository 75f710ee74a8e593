-- Files sent with a queued message (a booking's .ics invitation), as text.
ALTER TABLE "email_outbox" ADD COLUMN IF NOT EXISTS "attachments" jsonb;--> statement-breakpoint
-- A staff member's calendar feed address: only its secret's hash, one live address per staff member.
CREATE TABLE IF NOT EXISTS "staff_calendar_feeds" (
  "id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
  "website_id" text NOT NULL REFERENCES "websites"("id") ON DELETE cascade,
  "staff_id" text NOT NULL,
  "secret_hash" text NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "revoked_at" timestamp with time zone
);--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "staff_calendar_feeds_secret_idx" ON "staff_calendar_feeds" USING btree ("secret_hash");--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "staff_calendar_feeds_live_idx" ON "staff_calendar_feeds" USING btree ("website_id","staff_id") WHERE "revoked_at" is null;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "staff_calendar_feeds_staff_idx" ON "staff_calendar_feeds" USING btree ("staff_id");
--> statement-breakpoint
-- A booking's mail state: its manage token sealed with the server's key, and the invitation's SEQUENCE.
CREATE TABLE IF NOT EXISTS "scheduling_booking_mail" (
  "booking_id" text PRIMARY KEY NOT NULL REFERENCES "scheduling_bookings"("id") ON DELETE cascade,
  "website_id" text NOT NULL REFERENCES "websites"("id") ON DELETE cascade,
  "manage_token_sealed" text,
  "ics_sequence" integer DEFAULT 0 NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- The reminder job's search: confirmed bookings by start whose reminders are not all sent.
CREATE INDEX IF NOT EXISTS "scheduling_bookings_reminder_idx" ON "scheduling_bookings" USING btree ("starts_at") WHERE "status" = 'confirmed' AND ("reminder_24h_sent_at" IS NULL OR "reminder_1h_sent_at" IS NULL);
--> statement-breakpoint
-- The service product (spec product type 3) a paid appointment type is sold as.
CREATE TABLE IF NOT EXISTS "scheduling_type_products" (
  "type_id" text PRIMARY KEY NOT NULL REFERENCES "scheduling_types"("id") ON DELETE cascade,
  "website_id" text NOT NULL REFERENCES "websites"("id") ON DELETE cascade,
  "item_id" text NOT NULL REFERENCES "items"("id") ON DELETE cascade,
  "sku" text NOT NULL
);
