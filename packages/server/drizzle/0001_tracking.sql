CREATE TABLE "performance_records" (
	"id" uuid PRIMARY KEY NOT NULL,
	"website_id" text NOT NULL,
	"page_load_id" text NOT NULL,
	"event" text NOT NULL,
	"app" text NOT NULL,
	"page_path" text,
	"page_type" integer,
	"fcp_ms" double precision,
	"lcp_ms" double precision,
	"fid_ms" double precision,
	"inp_ms" double precision,
	"cls" double precision,
	"occurred_at" timestamp with time zone,
	"received_at" timestamp with time zone NOT NULL,
	"data" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tracking_events" (
	"id" uuid PRIMARY KEY NOT NULL,
	"website_id" text NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"visitor_id" text,
	"visit_number" integer,
	"page_path" text,
	"page_type" integer,
	"item_id" text,
	"occurred_at" timestamp with time zone,
	"received_at" timestamp with time zone NOT NULL,
	"data" jsonb NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "performance_records_load_event_key" ON "performance_records" USING btree ("website_id","page_load_id","event");--> statement-breakpoint
CREATE INDEX "performance_records_site_time_idx" ON "performance_records" USING btree ("website_id","received_at");--> statement-breakpoint
CREATE INDEX "performance_records_received_brin" ON "performance_records" USING brin ("received_at");--> statement-breakpoint
CREATE INDEX "tracking_events_site_kind_name_time_idx" ON "tracking_events" USING btree ("website_id","kind","name","received_at");--> statement-breakpoint
CREATE INDEX "tracking_events_received_brin" ON "tracking_events" USING brin ("received_at");