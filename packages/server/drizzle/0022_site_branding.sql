ALTER TABLE "websites" ADD COLUMN "logo" jsonb;--> statement-breakpoint
ALTER TABLE "websites" ADD COLUMN "favicon" jsonb;--> statement-breakpoint
ALTER TABLE "websites" ADD COLUMN "social_links" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "websites" ADD COLUMN "embed_origins" jsonb DEFAULT '[]'::jsonb NOT NULL;
