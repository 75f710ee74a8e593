-- Session replay: the owner's on/off setting per site, and the recorded rrweb events of each
-- visit in batches as the tracking queue delivers them (no foreign key on the hot insert
-- path, like tracking_events; the retention job deletes old batches by arrival time).
CREATE TABLE "session_replay_settings" (
  "website_id" text PRIMARY KEY NOT NULL REFERENCES "websites"("id") ON DELETE cascade,
  "enabled" boolean DEFAULT false NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE TABLE "session_replay_batches" (
  "id" uuid PRIMARY KEY NOT NULL,
  "website_id" text NOT NULL,
  "recording_id" text NOT NULL,
  "page_load_id" text NOT NULL,
  "seq" integer NOT NULL,
  "visitor_id" text,
  "visit_number" integer,
  "page_path" text,
  "device" text,
  "event_count" integer NOT NULL,
  "first_at" timestamp with time zone NOT NULL,
  "last_at" timestamp with time zone NOT NULL,
  "received_at" timestamp with time zone NOT NULL,
  "events" jsonb NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "session_replay_batches_seq_key" ON "session_replay_batches" ("website_id", "recording_id", "page_load_id", "seq");--> statement-breakpoint
CREATE INDEX "session_replay_batches_site_time_idx" ON "session_replay_batches" ("website_id", "received_at");--> statement-breakpoint
CREATE INDEX "session_replay_batches_received_brin" ON "session_replay_batches" USING brin ("received_at");
