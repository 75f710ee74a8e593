import { boolean, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { websiteIdColumn } from './site';

/** The languages a site is offered in (spec §7 multilingual calls); one is the default. */
export const siteLanguages = pgTable(
  'site_languages',
  {
    websiteId: websiteIdColumn(),
    /** BCP 47 tag, e.g. `fr-FR`. */
    language: text('language').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    enabled: boolean('enabled').notNull().default(true),
    displayIndex: integer('display_index').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.websiteId, t.language] })],
);

/**
 * One translated text: a field of a page, block, navigation entry, product or localized
 * string (spec §3) in one language. What has no translation falls back to the default text.
 */
export const translations = pgTable(
  'translations',
  {
    websiteId: websiteIdColumn(),
    language: text('language').notNull(),
    /** page, block, navigation, product, string … */
    subjectType: text('subject_type').notNull(),
    subjectId: text('subject_id').notNull(),
    field: text('field').notNull(),
    value: text('value').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.websiteId, t.language, t.subjectType, t.subjectId, t.field] })],
);
