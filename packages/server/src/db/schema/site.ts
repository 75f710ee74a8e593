import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn } from './columns';

/** The owning website; every row is scoped by it. */
export const websiteIdColumn = () =>
  text('website_id')
    .notNull()
    .references(() => websites.id, { onDelete: 'cascade' });

/** Store settings flags (spec §3 "Page context" websiteSettings.storeSettings). */
export interface StoreSettings {
  useLightCart: boolean;
  multipleQuantityAllowedForServices: boolean;
  expressCheckout: boolean;
  minimumOrderSubtotalCents: number;
  merchandisingSettings: { enableNativeReviews: boolean; enableImportedReviews: boolean };
}

/** Site-wide settings read by templates (comments, likes, share buttons). */
export interface WebsiteSettings {
  commentsEnabled: boolean;
  disqusShortname: string;
  simpleLikingEnabled: boolean;
  /** Turns visitor analytics off for the whole site (spec §6). */
  disableAnalytics?: boolean;
  /** 'restrictive' keeps the visitor/session cookies from being set (spec §9). */
  cookiePolicy?: 'default' | 'restrictive';
  /** An internal-status site (the platform's own): anyone may preview A/B variants (spec §6). */
  internal?: boolean;
}

/**
 * The site's logo: an image of its media library and the words that stand for it (alt
 * text). Shown in the header (and read by mail); resolved to its file by
 * services/branding/site-logo.ts.
 */
export interface SiteLogo {
  mediaId: string;
  alt: string;
}

/** The site icon: the media image it was made from and the content hash of its generated sizes. */
export interface SiteFavicon {
  mediaId: string;
  hash: string;
}

/** A social profile the header and footer link to (network names: @store/blocks social-links). */
export interface SiteSocialLink {
  network: string;
  url: string;
}

/** A published site. The platform hosts many; requests find theirs by Host header. */
export const websites = pgTable(
  'websites',
  {
    id: idColumn(),
    identifier: text('identifier').notNull(),
    siteTitle: text('site_title').notNull(),
    /** Host names that serve this site (lower-case, no port). */
    hosts: jsonb('hosts').$type<string[]>().notNull().default([]),
    isDefault: boolean('is_default').notNull().default(false),
    currency: text('currency').notNull().default('USD'),
    timeZone: text('time_zone').notNull().default('America/New_York'),
    language: text('language').notNull().default('en-US'),
    storeSettings: jsonb('store_settings').$type<StoreSettings>().notNull(),
    settings: jsonb('settings').$type<WebsiteSettings>().notNull(),
    /**
     * Where this site is published (`https://shop.example.com`, Settings → Domain & mail): the
     * origin of every link in mail. Never taken from request headers (Host / X-Forwarded-Host
     * are the client's). Unset → the site on this server (services/site-base-url.ts).
     */
    baseUrl: text('base_url'),
    /**
     * When the owner first published the site. Until then visitors get a "coming soon"
     * page (the owner and contributors see the site as it will be). Null: not yet.
     */
    launchedAt: timestamp('launched_at', { withTimezone: true }),
    captchaSettings: jsonb('captcha_settings').$type<Record<string, unknown>>().notNull().default({}),
    /** Branding (Design → Brand): null until the owner picks one. */
    logo: jsonb('logo').$type<SiteLogo | null>(),
    favicon: jsonb('favicon').$type<SiteFavicon | null>(),
    socialLinks: jsonb('social_links').$type<SiteSocialLink[]>().notNull().default([]),
    /** https origins (`https://host`) the owner allows embeds from, beyond the known players. */
    embedOrigins: jsonb('embed_origins').$type<string[]>().notNull().default([]),
    createdAt: createdAtColumn(),
  },
  (t) => [uniqueIndex('websites_identifier_key').on(t.identifier)],
);

/** Collections: pages, blogs, stores (type codes of spec §3). */
export const collections = pgTable(
  'collections',
  {
    id: idColumn(),
    websiteId: websiteIdColumn(),
    type: integer('type').notNull(),
    urlId: text('url_id').notNull(),
    title: text('title').notNull(),
    navigationTitle: text('navigation_title'),
    description: text('description').notNull().default(''),
    enabled: boolean('enabled').notNull().default(true),
    /** Page body (HTML) for collections of type page. */
    body: text('body').notNull().default(''),
    /** Name of a form shown on the page (e.g. the contact form). */
    formId: text('form_id'),
    /** Password for lock-screen pages; null when the page is public. */
    password: text('password'),
    displayIndex: integer('display_index').notNull().default(0),
    createdAt: createdAtColumn(),
  },
  (t) => [uniqueIndex('collections_website_url_key').on(t.websiteId, t.urlId)],
);

export const categories = pgTable(
  'categories',
  {
    id: idColumn(),
    websiteId: websiteIdColumn(),
    collectionId: text('collection_id')
      .notNull()
      .references(() => collections.id, { onDelete: 'cascade' }),
    displayName: text('display_name').notNull(),
    slug: text('slug').notNull(),
    parentCategoryId: text('parent_category_id'),
    displayIndex: integer('display_index').notNull().default(0),
  },
  (t) => [uniqueIndex('categories_collection_slug_key').on(t.collectionId, t.slug)],
);

/** An image asset as templates read it (spec §3 "Image asset"). */
export interface ImageAsset {
  assetUrl: string;
  originalSize: string;
  mediaFocalPoint?: { x: number; y: number };
  altText?: string;
  filename?: string;
  colorData?: Record<string, string>;
  systemDataVariants?: string;
}

/** Content items: blog posts, store items, … (record types of spec §3). */
export const items = pgTable(
  'items',
  {
    id: idColumn(),
    websiteId: websiteIdColumn(),
    collectionId: text('collection_id')
      .notNull()
      .references(() => collections.id, { onDelete: 'cascade' }),
    recordType: integer('record_type').notNull(),
    title: text('title').notNull(),
    urlId: text('url_id').notNull(),
    excerpt: text('excerpt').notNull().default(''),
    body: text('body').notNull().default(''),
    /** Record-type specific content other than products (which live in `products`). */
    structuredContent: jsonb('structured_content').$type<Record<string, unknown>>().notNull().default({}),
    mainImage: jsonb('main_image').$type<ImageAsset | null>(),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    categoryIds: jsonb('category_ids').$type<string[]>().notNull().default([]),
    author: text('author'),
    publishOn: timestamp('publish_on', { withTimezone: true }).notNull().defaultNow(),
    displayIndex: integer('display_index').notNull().default(0),
    createdAt: createdAtColumn(),
  },
  (t) => [
    uniqueIndex('items_collection_url_key').on(t.collectionId, t.urlId),
    index('items_website_collection_idx').on(t.websiteId, t.collectionId, t.displayIndex),
    // Site search: a GIN index on the item's search_document (title, summary, description in
    // the site language's text-search configuration), which a trigger keeps up to date
    // (migration 0023). The column is left out of this schema so item reads never carry it.
    index('items_search_idx').using('gin', sql`search_document`),
  ],
);

/** A navigation entry (spec §3): a collection, an external link, or a folder of children. */
export interface NavigationItem {
  title: string;
  collectionId?: string;
  externalLink?: string;
  memberAreaId?: string;
  children?: NavigationItem[];
}

export const navigations = pgTable(
  'navigations',
  {
    websiteId: websiteIdColumn(),
    identifier: text('identifier').notNull(),
    items: jsonb('items').$type<NavigationItem[]>().notNull().default([]),
  },
  (t) => [primaryKey({ columns: [t.websiteId, t.identifier] })],
);

export const headerFooters = pgTable('header_footers', {
  websiteId: text('website_id')
    .primaryKey()
    .references(() => websites.id, { onDelete: 'cascade' }),
  header: jsonb('header').$type<Record<string, unknown>>().notNull().default({}),
  footer: jsonb('footer').$type<Record<string, unknown>>().notNull().default({}),
});
