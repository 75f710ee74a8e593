ALTER TABLE "product_reviews" ADD COLUMN "reply" text;--> statement-breakpoint
ALTER TABLE "product_reviews" ADD COLUMN "replied_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "popup_overlays" ADD COLUMN "image_url" text;--> statement-breakpoint
ALTER TABLE "popup_overlays" ADD COLUMN "mailing_list" text DEFAULT 'newsletter' NOT NULL;--> statement-breakpoint
ALTER TABLE "popup_overlays" ADD COLUMN "trigger" text DEFAULT 'delay' NOT NULL;--> statement-breakpoint
ALTER TABLE "popup_overlays" ADD COLUMN "scroll_percent" integer DEFAULT 50 NOT NULL;--> statement-breakpoint
ALTER TABLE "gift_cards" ALTER COLUMN "order_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "gift_cards" ADD COLUMN "disabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "gift_cards" ADD COLUMN "issued_by" text;--> statement-breakpoint
CREATE INDEX "gift_cards_website_created_idx" ON "gift_cards" USING btree ("website_id","created_at");
