-- Abandoned-cart recovery. A cart whose buyer gave an e-mail (typed at checkout, or the signed-in
-- customer's) gets a row here; the reminder job claims each reminder by raising
-- "reminders_sent" in one UPDATE, so every reminder goes once across processes and restarts.
-- "restored_at" is set when the mail's signed link brings the cart back. An e-mail that
-- unsubscribed from reminders on a site is kept (lower-cased) in the opt-outs.
CREATE TABLE "cart_recovery" (
  "cart_id" text PRIMARY KEY NOT NULL REFERENCES "carts"("id") ON DELETE cascade,
  "website_id" text NOT NULL REFERENCES "websites"("id") ON DELETE cascade,
  "email" text NOT NULL,
  "email_at" timestamp with time zone DEFAULT now() NOT NULL,
  "reminders_sent" integer DEFAULT 0 NOT NULL,
  "first_reminded_at" timestamp with time zone,
  "last_reminded_at" timestamp with time zone,
  "restored_at" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "cart_recovery_reminders_range" CHECK ("reminders_sent" between 0 and 3)
);--> statement-breakpoint
CREATE INDEX "cart_recovery_website_idx" ON "cart_recovery" ("website_id", "created_at");--> statement-breakpoint
CREATE TABLE "cart_recovery_optouts" (
  "website_id" text NOT NULL REFERENCES "websites"("id") ON DELETE cascade,
  "email" text NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  PRIMARY KEY ("website_id", "email")
);
