-- What happened to a subscription, in order: paused, resumed, cancelled (now or at the period
-- end), address or card changed, a renewal refunded … with who did it (the customer from their
-- account, the owner from the studio, or the store itself). The customer's portal and the
-- owner's detail screen read it; nothing is ever updated or deleted but with the subscription.
CREATE TABLE "subscription_events" (
  "id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
  "website_id" text NOT NULL REFERENCES "websites"("id") ON DELETE cascade,
  "subscription_id" text NOT NULL REFERENCES "subscriptions"("id") ON DELETE cascade,
  "seq" bigint GENERATED ALWAYS AS IDENTITY,
  "kind" text NOT NULL,
  "actor" text NOT NULL,
  "detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "subscription_events_actor" CHECK ("actor" IN ('customer', 'owner', 'store'))
);--> statement-breakpoint
CREATE INDEX "subscription_events_subscription_idx" ON "subscription_events" ("subscription_id", "seq");
