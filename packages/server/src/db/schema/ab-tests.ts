import { index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import type { StoredLayout } from './pages';
import { collections, websiteIdColumn } from './site';
import { createdAtColumn, idColumn } from './columns';

export type AbGoal = 'add_to_cart' | 'order' | 'form_submit';
export type AbStatus = 'draft' | 'running' | 'stopped' | 'ended';
export type StoredSection = StoredLayout['sections'][number];

/**
 * An A/B test of one section of a page (docs/ab-tests.md): while it runs, the published page
 * holds every variant of the section and each visitor sees the one their bucket picks.
 * At most one test per section is open (not ended) at a time.
 */
export const abTests = pgTable(
  'ab_tests',
  {
    id: idColumn(),
    websiteId: websiteIdColumn(),
    collectionId: text('collection_id')
      .notNull()
      .references(() => collections.id, { onDelete: 'cascade' }),
    sectionId: text('section_id').notNull(),
    goal: text('goal').$type<AbGoal>().notNull(),
    status: text('status').$type<AbStatus>().notNull().default('draft'),
    /** The variant letter whose content became the section when the test ended. */
    winner: text('winner'),
    createdAt: createdAtColumn(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [index('ab_tests_site_page_idx').on(t.websiteId, t.collectionId, t.status)],
);

/** A variant: its letter (a is the page's own section), traffic weight and section content. */
export const abTestVariants = pgTable(
  'ab_test_variants',
  {
    testId: text('test_id')
      .notNull()
      .references(() => abTests.id, { onDelete: 'cascade' }),
    websiteId: websiteIdColumn(),
    letter: text('letter').notNull(),
    weight: integer('weight').notNull().default(1),
    section: jsonb('section').$type<StoredSection>().notNull(),
  },
  (t) => [primaryKey({ name: 'ab_test_variants_pkey', columns: [t.testId, t.letter] })],
);

/** One row per visitor per test: the variant they were shown, and when they first converted. */
export const abTestVisitors = pgTable(
  'ab_test_visitors',
  {
    testId: text('test_id')
      .notNull()
      .references(() => abTests.id, { onDelete: 'cascade' }),
    websiteId: text('website_id').notNull(),
    visitorId: text('visitor_id').notNull(),
    variant: text('variant').notNull(),
    exposedAt: timestamp('exposed_at', { withTimezone: true }).notNull().defaultNow(),
    convertedAt: timestamp('converted_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ name: 'ab_test_visitors_pkey', columns: [t.testId, t.visitorId] }),
    index('ab_test_visitors_site_visitor_idx').on(t.websiteId, t.visitorId),
  ],
);
