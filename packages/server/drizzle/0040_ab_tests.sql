CREATE TABLE "ab_tests" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"website_id" text NOT NULL REFERENCES "websites"("id") ON DELETE CASCADE,
	"collection_id" text NOT NULL REFERENCES "collections"("id") ON DELETE CASCADE,
	"section_id" text NOT NULL,
	"goal" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"winner" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	CONSTRAINT "ab_tests_goal_check" CHECK ("goal" IN ('add_to_cart', 'order', 'form_submit')),
	CONSTRAINT "ab_tests_status_check" CHECK ("status" IN ('draft', 'running', 'stopped', 'ended'))
);
--> statement-breakpoint
CREATE INDEX "ab_tests_site_page_idx" ON "ab_tests" ("website_id", "collection_id", "status");
--> statement-breakpoint
CREATE UNIQUE INDEX "ab_tests_open_section_key" ON "ab_tests" ("collection_id", "section_id") WHERE "status" <> 'ended';
--> statement-breakpoint
CREATE TABLE "ab_test_variants" (
	"test_id" text NOT NULL REFERENCES "ab_tests"("id") ON DELETE CASCADE,
	"website_id" text NOT NULL REFERENCES "websites"("id") ON DELETE CASCADE,
	"letter" text NOT NULL,
	"weight" integer DEFAULT 1 NOT NULL,
	"section" jsonb NOT NULL,
	CONSTRAINT "ab_test_variants_pkey" PRIMARY KEY ("test_id", "letter"),
	CONSTRAINT "ab_test_variants_weight_check" CHECK ("weight" BETWEEN 1 AND 100)
);
--> statement-breakpoint
CREATE TABLE "ab_test_visitors" (
	"test_id" text NOT NULL REFERENCES "ab_tests"("id") ON DELETE CASCADE,
	"website_id" text NOT NULL,
	"visitor_id" text NOT NULL,
	"variant" text NOT NULL,
	"exposed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"converted_at" timestamp with time zone,
	CONSTRAINT "ab_test_visitors_pkey" PRIMARY KEY ("test_id", "visitor_id")
);
--> statement-breakpoint
CREATE INDEX "ab_test_visitors_site_visitor_idx" ON "ab_test_visitors" ("website_id", "visitor_id");
