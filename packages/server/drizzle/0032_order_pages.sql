-- The reviews request (page type 209): one row per fulfilled order, written with the
-- fulfilment. The periodic job claims due rows with one UPDATE … SET queued_at … RETURNING,
-- so each order's mail is queued exactly once whichever process runs the job.
CREATE TABLE IF NOT EXISTS "order_review_requests" (
  "order_id" text PRIMARY KEY NOT NULL REFERENCES "orders"("id") ON DELETE cascade,
  "website_id" text NOT NULL REFERENCES "websites"("id") ON DELETE cascade,
  "fulfilled_at" timestamp with time zone NOT NULL,
  "queued_at" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- The job's search: requests not queued yet, oldest fulfilment first.
CREATE INDEX IF NOT EXISTS "order_review_requests_due_idx" ON "order_review_requests" USING btree ("fulfilled_at") WHERE "queued_at" IS NULL;
--> statement-breakpoint
-- Which item of an order was reviewed from its reviews request: a second submission of the
-- same page finds the row and adds no second review.
CREATE TABLE IF NOT EXISTS "order_item_reviews" (
  "order_id" text NOT NULL REFERENCES "orders"("id") ON DELETE cascade,
  "item_id" text NOT NULL,
  "website_id" text NOT NULL REFERENCES "websites"("id") ON DELETE cascade,
  "review_id" text REFERENCES "product_reviews"("id") ON DELETE set null,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "order_item_reviews_pkey" PRIMARY KEY ("order_id", "item_id")
);
