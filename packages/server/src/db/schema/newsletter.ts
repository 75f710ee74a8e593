import { boolean, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn } from './columns';
import { websiteIdColumn } from './site';

/**
 * Newsletter subscribers (the popup overlay, page type 104, signs visitors up; the newsletter
 * unsubscribe page, type 300, signs them out). One row per (site, email); the token in the
 * unsubscribe link is random, so the link names no email and cannot be guessed.
 */
export const newsletterSubscribers = pgTable(
  'newsletter_subscribers',
  {
    id: idColumn(),
    websiteId: websiteIdColumn(),
    email: text('email').notNull(),
    source: text('source').notNull().default('popup'),
    unsubscribeToken: text('unsubscribe_token').notNull(),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
    createdAt: createdAtColumn(),
  },
  (t) => [
    uniqueIndex('newsletter_subscribers_email_key').on(t.websiteId, t.email),
    uniqueIndex('newsletter_subscribers_token_key').on(t.unsubscribeToken),
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
  /** The mailing list a sign-up joins (services/owner/mailing-lists.ts). */
  mailingList: text('mailing_list').notNull().default('newsletter'),
  /** When it shows: after `delaySeconds`, once `scrollPercent` of the page is scrolled, or on exit intent. */
  trigger: text('trigger').$type<'delay' | 'scroll' | 'exit'>().notNull().default('delay'),
  scrollPercent: integer('scroll_percent').notNull().default(50),
  createdAt: createdAtColumn(),
});
