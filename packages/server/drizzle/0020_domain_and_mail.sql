-- Settings → Domain & mail: each site's sender and SMTP connection (the password sealed with
-- the server's key), and the HTML part of every queued message.
CREATE TABLE "mail_settings" (
	"website_id" text PRIMARY KEY NOT NULL,
	"sender_name" text,
	"sender_address" text,
	"smtp_host" text,
	"smtp_port" integer,
	"smtp_security" text DEFAULT 'starttls' NOT NULL,
	"smtp_user" text,
	"smtp_password" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_settings" ADD CONSTRAINT "mail_settings_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "html_body" text;
