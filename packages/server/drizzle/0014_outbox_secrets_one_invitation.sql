ALTER TABLE "email_outbox" ADD COLUMN "secrets" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
-- Addresses invited more than once keep only their newest pending invitation (the one whose link was mailed last).
DELETE FROM "contributor_invitations" AS "older" USING "contributor_invitations" AS "newer" WHERE "older"."accepted_at" IS NULL AND "newer"."accepted_at" IS NULL AND "older"."website_id" = "newer"."website_id" AND "older"."email" = "newer"."email" AND ("older"."created_at", "older"."id") < ("newer"."created_at", "newer"."id");--> statement-breakpoint
CREATE UNIQUE INDEX "contributor_invitations_pending_key" ON "contributor_invitations" USING btree ("website_id","email") WHERE "contributor_invitations"."accepted_at" IS NULL;
