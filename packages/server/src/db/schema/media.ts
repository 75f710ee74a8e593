import { doublePrecision, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn } from './columns';
import { websiteIdColumn } from './site';

/**
 * The media library: one row per uploaded image. Files live in media storage under a
 * content hash (immutable URLs); `widths` are the spec §9 widths actually produced.
 */
export const mediaAssets = pgTable(
  'media_assets',
  {
    id: idColumn(),
    websiteId: websiteIdColumn(),
    hash: text('hash').notNull(),
    filename: text('filename').notNull(),
    title: text('title').notNull().default(''),
    altText: text('alt_text').notNull().default(''),
    contentType: text('content_type').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    bytes: integer('bytes').notNull(),
    widths: jsonb('widths').$type<number[]>().notNull().default([]),
    focalX: doublePrecision('focal_x').notNull().default(0.5),
    focalY: doublePrecision('focal_y').notNull().default(0.5),
    createdAt: createdAtColumn(),
  },
  (t) => [
    index('media_assets_website_idx').on(t.websiteId, t.createdAt),
    // A file is served only on the site whose library holds it (/media/<hash>/<name>).
    index('media_assets_website_hash_idx').on(t.websiteId, t.hash),
  ],
);
