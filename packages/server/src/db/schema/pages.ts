import { boolean, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn } from './columns';
import { collections, websiteIdColumn, websites } from './site';

/** A page's content as stored: sections of blocks (validated by @store/blocks). */
export interface StoredLayout {
  sections: { id: string; blocks: { id: string; type: string; props: Record<string, unknown> }[] }[];
}

/** Spec §3 page statuses; PUBLISHED is a live page (no label in the studio). */
export const PAGE_STATUSES = ['PUBLISHED', 'DRAFT', 'SCHEDULED', 'NEEDS_REVIEW', 'PRIVATE'] as const;
export type PageStatus = (typeof PAGE_STATUSES)[number];

/**
 * Per-page settings the studio edits beside the collection's title, slug and password:
 * status (spec §3: Draft, Scheduled with a publish time, Needs Review, Private),
 * members-only, and the SEO description (generated from content when empty).
 */
export const pageSettings = pgTable(
  'page_settings',
  {
    collectionId: text('collection_id')
      .primaryKey()
      .references(() => collections.id, { onDelete: 'cascade' }),
    websiteId: websiteIdColumn(),
    status: text('status').$type<PageStatus>().notNull().default('PUBLISHED'),
    publishAt: timestamp('publish_at', { withTimezone: true }),
    membersOnly: boolean('members_only').notNull().default(false),
    seoDescription: text('seo_description').notNull().default(''),
    /** The draft layout the studio autosaves; published revisions live in page_revisions. */
    draft: jsonb('draft').$type<StoredLayout>(),
    draftSavedAt: timestamp('draft_saved_at', { withTimezone: true }),
    /** The live revision; null while the page has never been published as blocks. */
    publishedRevisionId: text('published_revision_id'),
  },
  (t) => [index('page_settings_website_status_idx').on(t.websiteId, t.status)],
);

/** Every published layout is kept (restore copies one back into the draft). */
export const pageRevisions = pgTable(
  'page_revisions',
  {
    id: idColumn(),
    websiteId: websiteIdColumn(),
    collectionId: text('collection_id')
      .notNull()
      .references(() => collections.id, { onDelete: 'cascade' }),
    layout: jsonb('layout').$type<StoredLayout>().notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [index('page_revisions_collection_idx').on(t.collectionId, t.createdAt)],
);

/** The site's design (colours, fonts, spacing, buttons), validated by @store/blocks siteStylesSchema. */
export const siteStyles = pgTable('site_styles', {
  websiteId: text('website_id')
    .primaryKey()
    .references(() => websites.id, { onDelete: 'cascade' }),
  styles: jsonb('styles').$type<Record<string, unknown>>().notNull(),
});
