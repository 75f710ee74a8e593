import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn } from './columns';
import { websiteIdColumn } from './site';

export type CampaignStatus = 'draft' | 'scheduled' | 'sending' | 'sent' | 'cancelled';

/** One block of a campaign's body (validated and cleaned by services/campaigns/blocks.ts). */
export type CampaignBlock =
  | { type: 'text'; html: string }
  | { type: 'image'; url: string; alt: string; href?: string }
  | { type: 'button'; label: string; url: string }
  | { type: 'product'; productId: string }
  | { type: 'divider' };

/** An optional segment rule over the chosen lists' members (services/lists/segments.ts). */
export type CampaignSegment = Record<string, unknown>;

/**
 * An e-mail campaign: subject, preheader, sender name (the site's when empty), body blocks and
 * audience (mailing lists, optional segment). Draft → scheduled → sending → sent; a draft or
 * scheduled one can be cancelled. `tracking`: opens and clicks are counted only when on.
 */
export const campaigns = pgTable(
  'campaigns',
  {
    id: idColumn(),
    websiteId: websiteIdColumn(),
    subject: text('subject').notNull().default(''),
    preheader: text('preheader').notNull().default(''),
    fromName: text('from_name').notNull().default(''),
    blocks: jsonb('blocks').$type<CampaignBlock[]>().notNull().default([]),
    listIds: jsonb('list_ids').$type<string[]>().notNull().default([]),
    segment: jsonb('segment').$type<CampaignSegment | null>(),
    tracking: boolean('tracking').notNull().default(false),
    status: text('status').$type<CampaignStatus>().notNull().default('draft'),
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    createdAt: createdAtColumn(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('campaigns_website_idx').on(t.websiteId, t.createdAt),
    index('campaigns_due_idx').on(t.status, t.scheduledAt),
  ],
);

export type RecipientState = 'pending' | 'queued' | 'skipped';

/**
 * A campaign's audience, written once when it starts (one row per e-mail). Its id is the id of
 * the outbox mail it becomes, so delivery and bounces are read from the outbox.
 */
export const campaignRecipients = pgTable(
  'campaign_recipients',
  {
    id: idColumn(),
    campaignId: text('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    websiteId: websiteIdColumn(),
    email: text('email').notNull(),
    state: text('state').$type<RecipientState>().notNull().default('pending'),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    leaseOwner: text('lease_owner'),
    queuedAt: timestamp('queued_at', { withTimezone: true }),
    openedAt: timestamp('opened_at', { withTimezone: true }),
    clickedAt: timestamp('clicked_at', { withTimezone: true }),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
    createdAt: createdAtColumn(),
  },
  (t) => [
    uniqueIndex('campaign_recipients_campaign_email_key').on(t.campaignId, t.email),
    index('campaign_recipients_pending_idx').on(t.websiteId, t.state, t.campaignId),
    index('campaign_recipients_queued_idx').on(t.websiteId, t.queuedAt),
  ],
);

/** How many campaign mails a site hands to the outbox per minute (default 600). */
export const campaignSettings = pgTable('campaign_settings', {
  websiteId: websiteIdColumn().primaryKey(),
  ratePerMinute: integer('rate_per_minute').notNull().default(600),
});
