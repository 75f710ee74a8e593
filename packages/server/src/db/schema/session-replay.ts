import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { websiteIdColumn } from './site';

/** The owner's "Record sessions" setting (off until turned on). */
export const sessionReplaySettings = pgTable('session_replay_settings', {
  websiteId: websiteIdColumn().primaryKey(),
  enabled: boolean('enabled').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One batch of rrweb events of one page of a recorded visit, written by the tracking queue's
 * consumer. A redelivered batch is skipped by its primary key and by (recording, page, seq).
 */
export const sessionReplayBatches = pgTable(
  'session_replay_batches',
  {
    id: uuid('id').primaryKey(),
    websiteId: text('website_id').notNull(),
    recordingId: text('recording_id').notNull(),
    pageLoadId: text('page_load_id').notNull(),
    seq: integer('seq').notNull(),
    visitorId: text('visitor_id'),
    visitNumber: integer('visit_number'),
    pagePath: text('page_path'),
    device: text('device'),
    eventCount: integer('event_count').notNull(),
    firstAt: timestamp('first_at', { withTimezone: true }).notNull(),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    events: jsonb('events').$type<Record<string, unknown>[]>().notNull(),
  },
  (t) => [
    uniqueIndex('session_replay_batches_seq_key').on(t.websiteId, t.recordingId, t.pageLoadId, t.seq),
    index('session_replay_batches_site_time_idx').on(t.websiteId, t.receivedAt),
    index('session_replay_batches_received_brin').using('brin', t.receivedAt),
  ],
);
