import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn } from './columns';
import { orders } from './commerce';
import { websiteIdColumn, websites } from './site';

/**
 * Paid donations (drizzle/0031_donations.sql): one row per donation form per order, the
 * first charge of a recurring donation and each renewal alike. The owner's donation figures
 * come from here; sales figures leave these amounts out.
 */
export const donations = pgTable(
  'donations',
  {
    id: idColumn(),
    websiteId: websiteIdColumn(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The donation block's id (its "campaign"). */
    campaignId: text('campaign_id').notNull(),
    campaignTitle: text('campaign_title').notNull().default(''),
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency').notNull(),
    frequency: text('frequency').$type<'once' | 'monthly' | 'yearly'>().notNull().default('once'),
    subscriptionId: text('subscription_id'),
    /** A recurring donation's later charge (not its first). */
    renewal: boolean('renewal').notNull().default(false),
    donorEmail: text('donor_email').notNull(),
    testMode: boolean('test_mode').notNull().default(false),
    createdAt: createdAtColumn(),
  },
  (t) => [
    unique('donations_order_campaign').on(t.orderId, t.campaignId),
    index('donations_website_created_idx').on(t.websiteId, t.createdAt),
    check('donations_amount_positive', sql`${t.amountMinor} > 0`),
    check('donations_frequency', sql`${t.frequency} in ('once', 'monthly', 'yearly')`),
  ],
);

/** The site's donation receipt: the organisation's name and the tax-receipt wording. */
export const donationSettings = pgTable('donation_settings', {
  websiteId: text('website_id')
    .primaryKey()
    .references(() => websites.id, { onDelete: 'cascade' }),
  organisationName: text('organisation_name').notNull().default(''),
  receiptNote: text('receipt_note').notNull().default(''),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
