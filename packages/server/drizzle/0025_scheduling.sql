-- Scheduling: appointment types, staff, their weekly hours, exceptions and holidays, the staff
-- time taken (claims) and bookings (seats of a claim). Every row carries
-- its website.
--
-- No double booking, enforced by the database (not check-then-insert):
--   * Everything that takes a staff member's time is ONE row of scheduling_claims: a private
--     appointment (kind 'appointment', capacity 1), a class session (kind 'class', capacity
--     = the type's seats) or a block set by hand (kind 'block'). Its `occupied` range includes
--     the buffers. The exclusion constraint scheduling_claims_no_overlap refuses two active
--     claims of one staff member whose ranges overlap (btree_gist: `staff_id WITH =`,
--     `occupied WITH &&`), whichever kinds they are.
--   * A booking is a seat of a claim: (claim_id, seat_no) is unique among live bookings and
--     seat_no lies between 1 and the claim's capacity, which the booking copies under a
--     composite foreign key (claim_id, seat_capacity) → (id, capacity), so the CHECK sees the
--     claim's own figure. A private appointment has one seat; a class at most `capacity`.
--   * Cancelling the last live seat of a claim makes the claim inactive: its time is free again.
--   Concurrent bookers of one time: the second claim insert meets the exclusion (23P01) or,
--   for a class, joins the first's session and takes the next seat under the claim's row lock;
--   a seat taken twice meets the unique index (23505). Both are answered 409 SLOT_TAKEN.
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
CREATE TABLE "scheduling_staff" (
  "id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
  "website_id" text NOT NULL REFERENCES "websites"("id") ON DELETE cascade,
  "name" text NOT NULL,
  "email" text,
  "active" boolean DEFAULT true NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "scheduling_staff_site_id" UNIQUE ("website_id", "id")
);--> statement-breakpoint
CREATE INDEX "scheduling_staff_site_idx" ON "scheduling_staff" ("website_id", "created_at");--> statement-breakpoint
-- Weekly hours: minutes of the day (0 … 1440) in the site's time zone, ISO weekday 1 (Monday) … 7.
CREATE TABLE "scheduling_weekly_hours" (
  "id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
  "website_id" text NOT NULL REFERENCES "websites"("id") ON DELETE cascade,
  "staff_id" text NOT NULL REFERENCES "scheduling_staff"("id") ON DELETE cascade,
  "weekday" smallint NOT NULL,
  "start_minute" integer NOT NULL,
  "end_minute" integer NOT NULL,
  CONSTRAINT "scheduling_weekly_hours_weekday" CHECK ("weekday" BETWEEN 1 AND 7),
  CONSTRAINT "scheduling_weekly_hours_range" CHECK (0 <= "start_minute" AND "start_minute" < "end_minute" AND "end_minute" <= 1440)
);--> statement-breakpoint
CREATE INDEX "scheduling_weekly_hours_staff_idx" ON "scheduling_weekly_hours" ("staff_id", "weekday");--> statement-breakpoint
-- One date's exception for one staff member: closed, or `intervals` ([{start,end}] "HH:MM") instead.
CREATE TABLE "scheduling_exceptions" (
  "id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
  "website_id" text NOT NULL REFERENCES "websites"("id") ON DELETE cascade,
  "staff_id" text NOT NULL REFERENCES "scheduling_staff"("id") ON DELETE cascade,
  "date" date NOT NULL,
  "closed" boolean NOT NULL,
  "intervals" jsonb DEFAULT '[]'::jsonb NOT NULL,
  "note" text DEFAULT '' NOT NULL,
  CONSTRAINT "scheduling_exceptions_staff_date" UNIQUE ("staff_id", "date")
);--> statement-breakpoint
-- A date closed for every staff member of the site.
CREATE TABLE "scheduling_holidays" (
  "id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
  "website_id" text NOT NULL REFERENCES "websites"("id") ON DELETE cascade,
  "date" date NOT NULL,
  "name" text DEFAULT '' NOT NULL,
  CONSTRAINT "scheduling_holidays_site_date" UNIQUE ("website_id", "date")
);--> statement-breakpoint
CREATE TABLE "scheduling_types" (
  "id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
  "website_id" text NOT NULL REFERENCES "websites"("id") ON DELETE cascade,
  "name" text NOT NULL,
  "description" text DEFAULT '' NOT NULL,
  "duration_minutes" integer NOT NULL,
  "price_minor" integer DEFAULT 0 NOT NULL,
  "currency" text NOT NULL,
  "buffer_before_minutes" integer DEFAULT 0 NOT NULL,
  "buffer_after_minutes" integer DEFAULT 0 NOT NULL,
  "capacity" integer DEFAULT 1 NOT NULL,
  "location" text DEFAULT '' NOT NULL,
  "video_url" text,
  "intake_form_id" text REFERENCES "forms"("id") ON DELETE set null,
  "minimum_notice_minutes" integer DEFAULT 0 NOT NULL,
  "horizon_days" integer DEFAULT 60 NOT NULL,
  "change_notice_minutes" integer DEFAULT 0 NOT NULL,
  "slot_step_minutes" integer,
  "active" boolean DEFAULT true NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "scheduling_types_duration" CHECK ("duration_minutes" > 0),
  CONSTRAINT "scheduling_types_price" CHECK ("price_minor" >= 0),
  CONSTRAINT "scheduling_types_buffers" CHECK ("buffer_before_minutes" >= 0 AND "buffer_after_minutes" >= 0),
  CONSTRAINT "scheduling_types_capacity" CHECK ("capacity" >= 1)
);--> statement-breakpoint
CREATE INDEX "scheduling_types_site_idx" ON "scheduling_types" ("website_id", "created_at");--> statement-breakpoint
CREATE TABLE "scheduling_type_staff" (
  "website_id" text NOT NULL REFERENCES "websites"("id") ON DELETE cascade,
  "type_id" text NOT NULL REFERENCES "scheduling_types"("id") ON DELETE cascade,
  "staff_id" text NOT NULL REFERENCES "scheduling_staff"("id") ON DELETE cascade,
  CONSTRAINT "scheduling_type_staff_pk" PRIMARY KEY ("type_id", "staff_id")
);--> statement-breakpoint
CREATE INDEX "scheduling_type_staff_staff_idx" ON "scheduling_type_staff" ("staff_id");--> statement-breakpoint
-- The staff time taken: an appointment, a class session or a block (see the top of this file).
CREATE TABLE "scheduling_claims" (
  "id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
  "website_id" text NOT NULL REFERENCES "websites"("id") ON DELETE cascade,
  "staff_id" text NOT NULL REFERENCES "scheduling_staff"("id") ON DELETE cascade,
  "kind" text NOT NULL,
  "type_id" text REFERENCES "scheduling_types"("id") ON DELETE set null,
  "starts_at" timestamp with time zone NOT NULL,
  "ends_at" timestamp with time zone NOT NULL,
  "occupied_start" timestamp with time zone NOT NULL,
  "occupied_end" timestamp with time zone NOT NULL,
  "occupied" tstzrange GENERATED ALWAYS AS (tstzrange("occupied_start", "occupied_end", '[)')) STORED,
  "capacity" integer DEFAULT 1 NOT NULL,
  "note" text DEFAULT '' NOT NULL,
  "active" boolean DEFAULT true NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "scheduling_claims_kind" CHECK ("kind" IN ('appointment', 'class', 'block')),
  CONSTRAINT "scheduling_claims_times" CHECK ("occupied_start" <= "starts_at" AND "starts_at" < "ends_at" AND "ends_at" <= "occupied_end"),
  CONSTRAINT "scheduling_claims_capacity" CHECK ("capacity" >= 1 AND ("kind" = 'class' OR "capacity" = 1)),
  CONSTRAINT "scheduling_claims_id_capacity" UNIQUE ("id", "capacity"),
  CONSTRAINT "scheduling_claims_no_overlap" EXCLUDE USING gist ("staff_id" WITH =, "occupied" WITH &&) WHERE ("active")
);--> statement-breakpoint
CREATE INDEX "scheduling_claims_site_time_idx" ON "scheduling_claims" ("website_id", "occupied_start") WHERE "active";--> statement-breakpoint
CREATE TABLE "scheduling_bookings" (
  "id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
  "website_id" text NOT NULL REFERENCES "websites"("id") ON DELETE cascade,
  "type_id" text NOT NULL REFERENCES "scheduling_types"("id") ON DELETE restrict,
  "staff_id" text NOT NULL REFERENCES "scheduling_staff"("id") ON DELETE restrict,
  "claim_id" text NOT NULL,
  "seat_no" integer NOT NULL,
  "seat_capacity" integer NOT NULL,
  "status" text NOT NULL,
  "starts_at" timestamp with time zone NOT NULL,
  "ends_at" timestamp with time zone NOT NULL,
  "occupied_start" timestamp with time zone NOT NULL,
  "occupied_end" timestamp with time zone NOT NULL,
  "occupied" tstzrange GENERATED ALWAYS AS (tstzrange("occupied_start", "occupied_end", '[)')) STORED,
  "customer_name" text NOT NULL,
  "customer_email" text NOT NULL,
  "customer_time_zone" text NOT NULL,
  "intake_answers" jsonb DEFAULT '{}'::jsonb NOT NULL,
  "manage_token_hash" text NOT NULL,
  "price_minor" integer DEFAULT 0 NOT NULL,
  "currency" text NOT NULL,
  "order_id" text,
  "hold_expires_at" timestamp with time zone,
  "reminder_24h_sent_at" timestamp with time zone,
  "reminder_1h_sent_at" timestamp with time zone,
  "cancelled_at" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "scheduling_bookings_status" CHECK ("status" IN ('pending_payment', 'confirmed', 'cancelled', 'no_show', 'completed')),
  CONSTRAINT "scheduling_bookings_seat" CHECK ("seat_no" BETWEEN 1 AND "seat_capacity"),
  CONSTRAINT "scheduling_bookings_hold" CHECK ("status" <> 'pending_payment' OR "hold_expires_at" IS NOT NULL),
  CONSTRAINT "scheduling_bookings_claim" FOREIGN KEY ("claim_id", "seat_capacity") REFERENCES "scheduling_claims"("id", "capacity") ON DELETE restrict,
  CONSTRAINT "scheduling_bookings_token" UNIQUE ("manage_token_hash")
);--> statement-breakpoint
-- One live booking per seat of a claim.
CREATE UNIQUE INDEX "scheduling_bookings_one_per_seat" ON "scheduling_bookings" ("claim_id", "seat_no") WHERE "status" <> 'cancelled';--> statement-breakpoint
CREATE INDEX "scheduling_bookings_site_time_idx" ON "scheduling_bookings" ("website_id", "starts_at");--> statement-breakpoint
CREATE INDEX "scheduling_bookings_staff_time_idx" ON "scheduling_bookings" ("staff_id", "starts_at");--> statement-breakpoint
CREATE INDEX "scheduling_bookings_order_idx" ON "scheduling_bookings" ("order_id") WHERE "order_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "scheduling_bookings_hold_idx" ON "scheduling_bookings" ("hold_expires_at") WHERE "status" = 'pending_payment';
