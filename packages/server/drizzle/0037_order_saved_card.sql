-- The card checkout kept for renewals, on an order only authorised (manual capture): its
-- subscriptions and memberships start when the owner captures it, and the card is cleared then.
ALTER TABLE "orders" ADD COLUMN "saved_payment_method" jsonb;
