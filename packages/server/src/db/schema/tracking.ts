import {
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * Tracking storage, designed for volume (README.md "Tracking" (storage plan)):
 * append-only tables, no foreign keys on the hot insert path, a BRIN index on the
 * arrival time (tiny, and rows arrive in time order) for range scans and the retention
 * job, and one btree per owner query. The primary key is a UUID given when the beacon
 * is accepted, so a queue redelivery inserts nothing twice (ON CONFLICT DO NOTHING).
 */
export const trackingEvents = pgTable(
  'tracking_events',
  {
    id: uuid('id').primaryKey(),
    websiteId: text('website_id').notNull(),
    /** census | event | clanker | js_error */
    kind: text('kind').notNull(),
    /** page_view, button_click, add_to_cart, the RecordEvent name, the clanker schema name… */
    name: text('name').notNull(),
    /** The id part of the ss_cvr visitor record, when known. */
    visitorId: text('visitor_id'),
    /** The visit count part of ss_cvr: (visitorId, visitNumber) identifies one visit. */
    visitNumber: integer('visit_number'),
    pagePath: text('page_path'),
    pageType: integer('page_type'),
    itemId: text('item_id'),
    /** Client clock (event timestamp); informative only. */
    occurredAt: timestamp('occurred_at', { withTimezone: true }),
    /** Server clock at accept time: what date ranges filter on. */
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
  },
  (t) => [
    index('tracking_events_site_kind_name_time_idx').on(t.websiteId, t.kind, t.name, t.receivedAt),
    index('tracking_events_received_brin').using('brin', t.receivedAt),
  ],
);

/** One page-speed (or image / accessibility) report per page load (spec §9 metrics). */
export const performanceRecords = pgTable(
  'performance_records',
  {
    id: uuid('id').primaryKey(),
    websiteId: text('website_id').notNull(),
    pageLoadId: text('page_load_id').notNull(),
    event: text('event').notNull(),
    app: text('app').notNull(),
    pagePath: text('page_path'),
    /** Page-type code (spec §2): the "page template" Web Vitals are grouped by. */
    pageType: integer('page_type'),
    fcpMs: doublePrecision('fcp_ms'),
    lcpMs: doublePrecision('lcp_ms'),
    fidMs: doublePrecision('fid_ms'),
    inpMs: doublePrecision('inp_ms'),
    cls: doublePrecision('cls'),
    occurredAt: timestamp('occurred_at', { withTimezone: true }),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
  },
  (t) => [
    // At most one report of each kind per page load, even if the browser sends twice.
    uniqueIndex('performance_records_load_event_key').on(t.websiteId, t.pageLoadId, t.event),
    index('performance_records_site_time_idx').on(t.websiteId, t.receivedAt),
    index('performance_records_received_brin').using('brin', t.receivedAt),
  ],
);
