-- Member areas, their pricing plans, the memberships that let a customer in, what each area
-- unlocks, and subscriptions that renew (one per subscribed line, with one row per billing
-- cycle so a cycle is charged at most once).
--
-- Access: a customer may see what an area unlocks while one of their memberships of that area
-- is 'active' or 'cancelled' (cancelled at period end) and its ends_at is null or later than
-- now. One live (not 'ended') membership per customer and area.
CREATE TABLE "member_areas" (
  "id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
  "website_id" text NOT NULL REFERENCES "websites"("id") ON DELETE cascade,
  "name" text NOT NULL,
  "slug" text NOT NULL,
  "description" text DEFAULT '' NOT NULL,
  "denied_message" text DEFAULT '' NOT NULL,
  "position" integer DEFAULT 0 NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "member_areas_site_id" UNIQUE ("website_id", "id"),
  CONSTRAINT "member_areas_site_slug" UNIQUE ("website_id", "slug")
);--> statement-breakpoint
CREATE TABLE "member_plans" (
  "id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
  "website_id" text NOT NULL REFERENCES "websites"("id") ON DELETE cascade,
  "area_id" text NOT NULL REFERENCES "member_areas"("id") ON DELETE cascade,
  "name" text NOT NULL,
  "description" text DEFAULT '' NOT NULL,
  "kind" text NOT NULL,
  "price_cents" integer DEFAULT 0 NOT NULL,
  "currency" text DEFAULT 'USD' NOT NULL,
  "period_unit" text,
  "period_value" integer,
  "num_billing_cycles" integer DEFAULT 0 NOT NULL,
  "trial_days" integer DEFAULT 0 NOT NULL,
  "item_id" text,
  "sku" text,
  "active" boolean DEFAULT true NOT NULL,
  "position" integer DEFAULT 0 NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "member_plans_kind" CHECK ("kind" IN ('free', 'one_off', 'recurring')),
  CONSTRAINT "member_plans_price" CHECK ("price_cents" >= 0 AND ("kind" <> 'free' OR "price_cents" = 0)),
  CONSTRAINT "member_plans_period" CHECK (
    ("kind" <> 'recurring' AND "period_unit" IS NULL AND "period_value" IS NULL)
    OR ("kind" = 'recurring' AND "period_unit" IN ('WEEK', 'MONTH', 'YEAR') AND "period_value" BETWEEN 1 AND 52)
  ),
  CONSTRAINT "member_plans_cycles" CHECK ("num_billing_cycles" >= 0 AND "trial_days" BETWEEN 0 AND 365)
);--> statement-breakpoint
CREATE INDEX "member_plans_area_idx" ON "member_plans" ("area_id", "position");--> statement-breakpoint
CREATE UNIQUE INDEX "member_plans_item_key" ON "member_plans" ("item_id") WHERE "item_id" IS NOT NULL;--> statement-breakpoint
-- What an area unlocks: kind 'page' | 'collection' | 'item' | 'block' | 'download'; ref is the
-- thing's id (a block: '<page or item id>:<block id>').
CREATE TABLE "member_area_content" (
  "website_id" text NOT NULL REFERENCES "websites"("id") ON DELETE cascade,
  "area_id" text NOT NULL REFERENCES "member_areas"("id") ON DELETE cascade,
  "kind" text NOT NULL,
  "ref" text NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "member_area_content_pk" PRIMARY KEY ("area_id", "kind", "ref"),
  CONSTRAINT "member_area_content_kind" CHECK ("kind" IN ('page', 'collection', 'item', 'block', 'download'))
);--> statement-breakpoint
CREATE INDEX "member_area_content_ref_idx" ON "member_area_content" ("website_id", "kind", "ref");--> statement-breakpoint
CREATE TABLE "subscriptions" (
  "id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
  "website_id" text NOT NULL REFERENCES "websites"("id") ON DELETE cascade,
  "site_user_id" text REFERENCES "site_users"("id") ON DELETE set null,
  "email" text NOT NULL,
  "kind" text NOT NULL,
  "first_order_id" text,
  "item_id" text NOT NULL,
  "sku" text NOT NULL,
  "product_name" text NOT NULL,
  "member_plan_id" text REFERENCES "member_plans"("id") ON DELETE set null,
  "quantity" integer DEFAULT 1 NOT NULL,
  "unit_price_cents" integer NOT NULL,
  "currency" text NOT NULL,
  "period_unit" text NOT NULL,
  "period_value" integer NOT NULL,
  "num_billing_cycles" integer DEFAULT 0 NOT NULL,
  "cycles_done" integer DEFAULT 0 NOT NULL,
  "anchor_at" timestamp with time zone NOT NULL,
  "anchor_day" smallint NOT NULL,
  "next_billing_at" timestamp with time zone,
  "status" text DEFAULT 'active' NOT NULL,
  "cancel_at_period_end" boolean DEFAULT false NOT NULL,
  "paused_at" timestamp with time zone,
  "cancelled_at" timestamp with time zone,
  "ended_at" timestamp with time zone,
  "payment_provider" text NOT NULL,
  "payment_customer_ref" text,
  "payment_method_ref" text,
  "payment_method_label" text,
  "shipping_address" jsonb,
  "failed_attempts" integer DEFAULT 0 NOT NULL,
  "next_retry_at" timestamp with time zone,
  "last_error" text,
  "test_mode" boolean DEFAULT false NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "subscriptions_site_id" UNIQUE ("website_id", "id"),
  CONSTRAINT "subscriptions_kind" CHECK ("kind" IN ('product', 'plan', 'donation')),
  CONSTRAINT "subscriptions_status" CHECK ("status" IN ('active', 'past_due', 'paused', 'cancelled', 'ended')),
  CONSTRAINT "subscriptions_period" CHECK ("period_unit" IN ('WEEK', 'MONTH', 'YEAR') AND "period_value" BETWEEN 1 AND 52),
  CONSTRAINT "subscriptions_amounts" CHECK ("quantity" > 0 AND "unit_price_cents" >= 0),
  CONSTRAINT "subscriptions_cycles" CHECK ("num_billing_cycles" >= 0 AND "cycles_done" >= 0),
  CONSTRAINT "subscriptions_anchor_day" CHECK ("anchor_day" BETWEEN 1 AND 31)
);--> statement-breakpoint
CREATE INDEX "subscriptions_site_created_idx" ON "subscriptions" ("website_id", "created_at");--> statement-breakpoint
CREATE INDEX "subscriptions_site_user_idx" ON "subscriptions" ("website_id", "site_user_id");--> statement-breakpoint
CREATE INDEX "subscriptions_due_idx" ON "subscriptions" ("next_billing_at") WHERE "status" IN ('active', 'past_due');--> statement-breakpoint
-- One row per billing cycle (cycle 1 is the first order's charge): the unique key is what makes
-- a cycle charged at most once, whichever process claims it.
CREATE TABLE "subscription_cycles" (
  "id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
  "website_id" text NOT NULL REFERENCES "websites"("id") ON DELETE cascade,
  "subscription_id" text NOT NULL REFERENCES "subscriptions"("id") ON DELETE cascade,
  "cycle" integer NOT NULL,
  "due_at" timestamp with time zone NOT NULL,
  "state" text DEFAULT 'claimed' NOT NULL,
  "attempts" integer DEFAULT 0 NOT NULL,
  "amount_cents" integer NOT NULL,
  "order_id" text,
  "payment_reference" text,
  "claimed_by" text,
  "claimed_at" timestamp with time zone,
  "last_error" text,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "subscription_cycles_once" UNIQUE ("subscription_id", "cycle"),
  CONSTRAINT "subscription_cycles_state" CHECK ("state" IN ('claimed', 'charging', 'paid', 'failed', 'skipped', 'refunded')),
  CONSTRAINT "subscription_cycles_amount" CHECK ("amount_cents" >= 0 AND "cycle" >= 1)
);--> statement-breakpoint
CREATE INDEX "subscription_cycles_site_idx" ON "subscription_cycles" ("website_id", "created_at");--> statement-breakpoint
CREATE TABLE "memberships" (
  "id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
  "website_id" text NOT NULL REFERENCES "websites"("id") ON DELETE cascade,
  "area_id" text NOT NULL REFERENCES "member_areas"("id") ON DELETE cascade,
  "site_user_id" text NOT NULL REFERENCES "site_users"("id") ON DELETE cascade,
  "plan_id" text REFERENCES "member_plans"("id") ON DELETE set null,
  "status" text DEFAULT 'active' NOT NULL,
  "source" text NOT NULL,
  "order_id" text,
  "subscription_id" text REFERENCES "subscriptions"("id") ON DELETE set null,
  "started_at" timestamp with time zone DEFAULT now() NOT NULL,
  "ends_at" timestamp with time zone,
  "cancelled_at" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "memberships_status" CHECK ("status" IN ('active', 'cancelled', 'ended')),
  CONSTRAINT "memberships_source" CHECK ("source" IN ('free', 'order', 'subscription', 'owner'))
);--> statement-breakpoint
CREATE UNIQUE INDEX "memberships_one_live" ON "memberships" ("area_id", "site_user_id") WHERE "status" <> 'ended';--> statement-breakpoint
CREATE INDEX "memberships_site_user_idx" ON "memberships" ("website_id", "site_user_id");--> statement-breakpoint
CREATE INDEX "memberships_subscription_idx" ON "memberships" ("subscription_id") WHERE "subscription_id" IS NOT NULL;
