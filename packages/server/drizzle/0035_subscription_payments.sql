-- Renewals: a cycle that took stock before its charge says so (given back if the charge
-- fails, never taken twice after a crash), and the scheduler finds due retries and due
-- renewals without reading every subscription.
ALTER TABLE "subscription_cycles" ADD COLUMN "stock_taken" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "subscriptions_retry_idx" ON "subscriptions" ("next_retry_at") WHERE "status" IN ('active', 'past_due') AND "next_retry_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "subscription_cycles_open_idx" ON "subscription_cycles" ("subscription_id") WHERE "state" IN ('claimed', 'charging');
