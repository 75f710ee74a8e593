CREATE TABLE "commerce_preferences" (
	"website_id" text NOT NULL,
	"namespace" text NOT NULL,
	"preferences" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "commerce_preferences_website_id_namespace_pk" PRIMARY KEY("website_id","namespace")
);
--> statement-breakpoint
CREATE TABLE "gift_card_redemptions" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"website_id" text NOT NULL,
	"gift_card_id" text NOT NULL,
	"order_id" text NOT NULL,
	"amount_cents" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gift_card_redemptions_positive" CHECK ("gift_card_redemptions"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "order_downloads" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"website_id" text NOT NULL,
	"order_id" text NOT NULL,
	"item_id" text NOT NULL,
	"download_count" integer DEFAULT 0 NOT NULL,
	"download_limit" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_downloads_within_limit" CHECK ("order_downloads"."download_count" <= "order_downloads"."download_limit")
);
--> statement-breakpoint
CREATE TABLE "order_events" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"website_id" text NOT NULL,
	"order_id" text NOT NULL,
	"kind" text NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_files" (
	"item_id" text PRIMARY KEY NOT NULL,
	"website_id" text NOT NULL,
	"storage_key" text NOT NULL,
	"filename" text NOT NULL,
	"content_type" text NOT NULL,
	"bytes" bigint NOT NULL,
	"download_limit" integer DEFAULT 5 NOT NULL,
	"link_days" integer DEFAULT 7 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_user_addresses" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"website_id" text NOT NULL,
	"site_user_id" text NOT NULL,
	"address" jsonb NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "variants" ADD COLUMN "weight_grams" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "cart_entries" ADD COLUMN "gift_recipient" jsonb;--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "gift_card_codes" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "usage_limit" integer;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "times_used" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "gift_cards" ADD COLUMN "recipient" jsonb;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "gift_recipient" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "gift_card_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refunded_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "coupon_code" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tracking_number" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tracking_carrier" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "fulfilled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "canceled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shipping_options" ADD COLUMN "kind" text DEFAULT 'FLAT' NOT NULL;--> statement-breakpoint
ALTER TABLE "shipping_options" ADD COLUMN "rate_per_kg_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "shipping_options" ADD COLUMN "free_over_cents" bigint;--> statement-breakpoint
ALTER TABLE "shipping_options" ADD COLUMN "zones" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "shipping_options" ADD COLUMN "enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "tax_rules" ADD COLUMN "included" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "tax_rules" ADD COLUMN "applies_to_shipping" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "commerce_preferences" ADD CONSTRAINT "commerce_preferences_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_card_redemptions" ADD CONSTRAINT "gift_card_redemptions_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_card_redemptions" ADD CONSTRAINT "gift_card_redemptions_gift_card_id_gift_cards_id_fk" FOREIGN KEY ("gift_card_id") REFERENCES "public"."gift_cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_card_redemptions" ADD CONSTRAINT "gift_card_redemptions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_downloads" ADD CONSTRAINT "order_downloads_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_downloads" ADD CONSTRAINT "order_downloads_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_files" ADD CONSTRAINT "product_files_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_user_addresses" ADD CONSTRAINT "site_user_addresses_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_user_addresses" ADD CONSTRAINT "site_user_addresses_site_user_id_site_users_id_fk" FOREIGN KEY ("site_user_id") REFERENCES "public"."site_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "gift_card_redemptions_card_order_key" ON "gift_card_redemptions" USING btree ("gift_card_id","order_id");--> statement-breakpoint
CREATE INDEX "order_downloads_order_idx" ON "order_downloads" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_events_order_idx" ON "order_events" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "site_user_addresses_user_idx" ON "site_user_addresses" USING btree ("site_user_id");--> statement-breakpoint
CREATE INDEX "order_items_sku_idx" ON "order_items" USING btree ("website_id","sku");--> statement-breakpoint
CREATE INDEX "orders_website_status_created_idx" ON "orders" USING btree ("website_id","status","created_at");--> statement-breakpoint
CREATE INDEX "orders_website_email_idx" ON "orders" USING btree ("website_id","email");--> statement-breakpoint
ALTER TABLE "variants" ADD CONSTRAINT "variants_weight_non_negative" CHECK ("variants"."weight_grams" >= 0);--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_usage_within_limit" CHECK ("coupons"."usage_limit" is null or "coupons"."times_used" <= "coupons"."usage_limit");--> statement-breakpoint
ALTER TABLE "gift_cards" ADD CONSTRAINT "gift_cards_balance_range" CHECK ("gift_cards"."balance_cents" >= 0 and "gift_cards"."balance_cents" <= "gift_cards"."initial_cents");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_refund_within_charge" CHECK ("orders"."refunded_cents" >= 0 and "orders"."refunded_cents" <= "orders"."grand_total_cents");--> statement-breakpoint
-- Orders placed before the lifecycle existed were charged in full at checkout: they are paid.
UPDATE "orders" SET "status" = 'PAID', "paid_at" = "created_at" WHERE "status" = 'PENDING';
