CREATE TABLE "checkout_reservations" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"website_id" text NOT NULL,
	"cart_id" text NOT NULL,
	"state" text DEFAULT 'RESERVED' NOT NULL,
	"amount_cents" bigint NOT NULL,
	"currency" text NOT NULL,
	"payment_provider" text NOT NULL,
	"test_mode" boolean NOT NULL,
	"capture_mode" text NOT NULL,
	"payment_reference" text,
	"snapshot" jsonb NOT NULL,
	"order_id" text,
	"failure" text,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_settings" (
	"website_id" text PRIMARY KEY NOT NULL,
	"provider" text DEFAULT 'test' NOT NULL,
	"capture_mode" text DEFAULT 'automatic' NOT NULL,
	"stripe_publishable_key" text,
	"stripe_secret_key_sealed" text,
	"stripe_secret_key_last4" text,
	"stripe_webhook_secret_sealed" text,
	"stripe_webhook_secret_last4" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_webhook_events" (
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"website_id" text,
	"type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_webhook_events_provider_event_id_pk" PRIMARY KEY("provider","event_id")
);
--> statement-breakpoint
CREATE TABLE "test_mode_charges" (
	"idempotency_key" text PRIMARY KEY NOT NULL,
	"amount_cents" bigint NOT NULL,
	"currency" text NOT NULL,
	"token_hash" text,
	"reference" text NOT NULL,
	"state" text NOT NULL,
	"message" text,
	"captured_cents" bigint DEFAULT 0 NOT NULL,
	"refunded_cents" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "checkout_reservations" ADD CONSTRAINT "checkout_reservations_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_settings" ADD CONSTRAINT "payment_settings_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "checkout_reservations_open_idx" ON "checkout_reservations" USING btree ("state","expires_at");--> statement-breakpoint
CREATE INDEX "checkout_reservations_cart_idx" ON "checkout_reservations" USING btree ("cart_id");