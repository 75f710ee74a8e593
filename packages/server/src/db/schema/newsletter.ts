import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn } from './columns';
import { websiteIdColumn } from './site';

/**
 * Mailing lists the owner names. Each site has one default list ("Newsletter", made on first
 * use when missing); the popup, the newsletter block and other opt-ins join it unless told
 * another. `doubleOptIn`: a new member is pending until they follow the confirmation link.
 */
export const mailingLists = pgTable(
  'mailing_lists',
  {
    id: idColumn(),
    websiteId: websiteIdColumn(),
    name: text('name').notNull(),
    doubleOptIn: boolean('double_opt_in').notNull().default(false),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAtColumn(),
  },
  (t) => [
    uniqueIndex('mailing_lists_name_key').on(t.websiteId, sql`lower(${t.name})`),
    uniqueIndex('mailing_lists_default_key').on(t.websiteId).where(sql`${t.isDefault}`),
  ],
);

export type ListMemberStatus = 'pending' | 'subscribed' | 'unsubscribed';

/**
 * One e-mail (lower case) on one list, with its consent: when (`consentAt`) and through what
 * (`source`: popup, newsletter block, form, checkout, restock, import, owner; `consentSource`
 * names the form, file or page). The unsubscribe token (newsletter unsubscribe page, type 300)
 * is random, so a link names no e-mail and cannot be guessed; `confirmToken` is the pending
 * double opt-in's link, cleared on confirmation.
 */
export const listMembers = pgTable(
  'list_members',
  {
    id: idColumn(),
    websiteId: websiteIdColumn(),
    listId: text('list_id')
      .notNull()
      .references(() => mailingLists.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    status: text('status').$type<ListMemberStatus>().notNull().default('subscribed'),
    source: text('source').notNull(),
    consentAt: timestamp('consent_at', { withTimezone: true }),
    consentSource: text('consent_source').notNull().default(''),
    confirmToken: text('confirm_token'),
    unsubscribeToken: text('unsubscribe_token').notNull(),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
    createdAt: createdAtColumn(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('list_members_list_email_key').on(t.listId, t.email),
    uniqueIndex('list_members_unsubscribe_token_key').on(t.unsubscribeToken),
    uniqueIndex('list_members_confirm_token_key').on(t.confirmToken),
    index('list_members_website_email_idx').on(t.websiteId, t.email),
    index('list_members_list_status_idx').on(t.listId, t.status, t.email),
  ],
);

/**
 * The site's popup overlay (page type 104): shown once per visitor after `delaySeconds`,
 * unless they signed up (local storage `submitted`) or closed this `version` within
 * `hideDays` (local storage `date-closed` and `version`). Raising the version shows it again.
 */
export const popupOverlays = pgTable('popup_overlays', {
  websiteId: websiteIdColumn().primaryKey(),
  enabled: boolean('enabled').notNull().default(false),
  version: integer('version').notNull().default(1),
  title: text('title').notNull(),
  body: text('body').notNull().default(''),
  buttonLabel: text('button_label').notNull().default('Sign up'),
  delaySeconds: integer('delay_seconds').notNull().default(5),
  hideDays: integer('hide_days').notNull().default(7),
  /** An image from the media library shown above the title (a /media/… or https URL). */
  imageUrl: text('image_url'),
  /** Unused: the list name of the retired owner mailing-list view. `listId` names the list. */
  mailingList: text('mailing_list').notNull().default('newsletter'),
  /** The list a sign-up joins; null: the site's default list. */
  listId: text('list_id').references(() => mailingLists.id, { onDelete: 'set null' }),
  /** When it shows: after `delaySeconds`, once `scrollPercent` of the page is scrolled, or on exit intent. */
  trigger: text('trigger').$type<'delay' | 'scroll' | 'exit'>().notNull().default('delay'),
  scrollPercent: integer('scroll_percent').notNull().default(50),
  createdAt: createdAtColumn(),
});

/** A saved segment of the site's members (services/lists/segments.ts: the rule's meaning). */
export const mailingSegments = pgTable(
  'mailing_segments',
  {
    id: idColumn(),
    websiteId: websiteIdColumn(),
    name: text('name').notNull(),
    rule: jsonb('rule')
      .$type<{ boughtProductId?: string; spentOverMinor?: number; memberOfAreaId?: string }>()
      .notNull()
      .default({}),
    createdAt: createdAtColumn(),
  },
  (t) => [uniqueIndex('mailing_segments_name_key').on(t.websiteId, sql`lower(${t.name})`)],
);

/**
 * Checkout's "Keep me posted" box (store settings → Newsletter at checkout): shown only while
 * `enabled` with a list; a ticked box joins the buyer's e-mail to `listId` once the order is
 * placed (services/lists/checkout-opt-in.ts). One row per site, absent until first saved.
 */
export const checkoutOptInSettings = pgTable('checkout_opt_in_settings', {
  websiteId: websiteIdColumn().primaryKey(),
  enabled: boolean('enabled').notNull().default(false),
  listId: text('list_id').references(() => mailingLists.id, { onDelete: 'set null' }),
  label: text('label').notNull().default('Keep me posted with news and offers'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
