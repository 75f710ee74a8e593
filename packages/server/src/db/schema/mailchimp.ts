import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn } from './columns';
import { mailingLists } from './newsletter';
import { websiteIdColumn } from './site';

/**
 * A site's connected Mailchimp account: the API key sealed with the server key (opened only to
 * call Mailchimp; the studio sees its last four characters) and its data centre (the key's
 * suffix). `failed`: Mailchimp refused the key (401); syncing stops until the owner reconnects.
 */
export const mailchimpAccounts = pgTable('mailchimp_accounts', {
  websiteId: websiteIdColumn().primaryKey(),
  apiKeySealed: text('api_key_sealed').notNull(),
  apiKeyLast4: text('api_key_last4').notNull(),
  dataCenter: text('data_center').notNull(),
  accountName: text('account_name').notNull().default(''),
  status: text('status').$type<'connected' | 'failed'>().notNull().default('connected'),
  lastError: text('last_error'),
  connectedAt: timestamp('connected_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One of the site's mailing lists feeding one Mailchimp audience. Members are pushed in
 * (updated_at, id) order from the cursor; unsubscribes are pulled since `pulledSince`. A failed
 * push keeps the cursor and waits until `nextAttemptAt`; the lease lets one process sync it.
 */
export const mailchimpLinks = pgTable(
  'mailchimp_links',
  {
    id: idColumn(),
    websiteId: text('website_id')
      .notNull()
      .references(() => mailchimpAccounts.websiteId, { onDelete: 'cascade' }),
    listId: text('list_id')
      .notNull()
      .references(() => mailingLists.id, { onDelete: 'cascade' }),
    audienceId: text('audience_id').notNull(),
    audienceName: text('audience_name').notNull(),
    cursorAt: timestamp('cursor_at', { withTimezone: true }),
    cursorId: text('cursor_id'),
    pulledSince: timestamp('pulled_since', { withTimezone: true }),
    pushedCount: integer('pushed_count').notNull().default(0),
    pulledCount: integer('pulled_count').notNull().default(0),
    skippedCount: integer('skipped_count').notNull().default(0),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastSyncAt: timestamp('last_sync_at', { withTimezone: true }),
    leaseToken: text('lease_token'),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    createdAt: createdAtColumn(),
  },
  (t) => [
    uniqueIndex('mailchimp_links_list_key').on(t.listId),
    index('mailchimp_links_due_idx').on(t.nextAttemptAt),
  ],
);
