-- Courses (collection type 25): ordered chapters, each with ordered lessons. A lesson is an
-- item of the course (record type 62: title, slug, body as posts have them); what only a
-- lesson has (its chapter, place, video, length, free preview) sits beside it here.
-- Progress: one row per customer and lesson (last viewed, completed).
CREATE TABLE "course_chapters" (
  "id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
  "website_id" text NOT NULL REFERENCES "websites"("id") ON DELETE cascade,
  "course_id" text NOT NULL REFERENCES "collections"("id") ON DELETE cascade,
  "title" text NOT NULL,
  "position" integer DEFAULT 0 NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "course_chapters_course_idx" ON "course_chapters" ("website_id", "course_id", "position");--> statement-breakpoint
CREATE TABLE "course_lessons" (
  "item_id" text PRIMARY KEY NOT NULL REFERENCES "items"("id") ON DELETE cascade,
  "website_id" text NOT NULL REFERENCES "websites"("id") ON DELETE cascade,
  "course_id" text NOT NULL REFERENCES "collections"("id") ON DELETE cascade,
  "chapter_id" text NOT NULL REFERENCES "course_chapters"("id") ON DELETE restrict,
  "position" integer DEFAULT 0 NOT NULL,
  "video" jsonb,
  "duration_seconds" integer DEFAULT 0 NOT NULL,
  "free_preview" boolean DEFAULT false NOT NULL,
  CONSTRAINT "course_lessons_duration" CHECK ("duration_seconds" >= 0 AND "duration_seconds" <= 86400)
);--> statement-breakpoint
CREATE INDEX "course_lessons_chapter_idx" ON "course_lessons" ("chapter_id", "position");--> statement-breakpoint
CREATE INDEX "course_lessons_course_idx" ON "course_lessons" ("website_id", "course_id");--> statement-breakpoint
CREATE TABLE "lesson_progress" (
  "website_id" text NOT NULL REFERENCES "websites"("id") ON DELETE cascade,
  "site_user_id" text NOT NULL REFERENCES "site_users"("id") ON DELETE cascade,
  "item_id" text NOT NULL REFERENCES "items"("id") ON DELETE cascade,
  "last_viewed_at" timestamp with time zone DEFAULT now() NOT NULL,
  "completed_at" timestamp with time zone,
  CONSTRAINT "lesson_progress_pk" PRIMARY KEY ("site_user_id", "item_id")
);--> statement-breakpoint
CREATE INDEX "lesson_progress_viewer_idx" ON "lesson_progress" ("website_id", "site_user_id");
