CREATE TABLE "contributor_invitations" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"website_id" text NOT NULL,
	"email" text NOT NULL,
	"role_code" integer NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by" text,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_languages" (
	"website_id" text NOT NULL,
	"language" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"display_index" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "site_languages_website_id_language_pk" PRIMARY KEY("website_id","language")
);
--> statement-breakpoint
CREATE TABLE "translations" (
	"website_id" text NOT NULL,
	"language" text NOT NULL,
	"subject_type" text NOT NULL,
	"subject_id" text NOT NULL,
	"field" text NOT NULL,
	"value" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "translations_website_id_language_subject_type_subject_id_field_pk" PRIMARY KEY("website_id","language","subject_type","subject_id","field")
);
--> statement-breakpoint
ALTER TABLE "site_users" ADD COLUMN "contributor_role" integer;--> statement-breakpoint
ALTER TABLE "contributor_invitations" ADD CONSTRAINT "contributor_invitations_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_languages" ADD CONSTRAINT "site_languages_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "translations" ADD CONSTRAINT "translations_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "contributor_invitations_token_key" ON "contributor_invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "contributor_invitations_site_idx" ON "contributor_invitations" USING btree ("website_id");