import { bigint, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { idColumn } from './columns';
import { websiteIdColumn } from './site';
import { subscriptions } from './subscriptions';

/** Who changed a subscription: its customer (account page), the owner (studio), or the store. */
export type SubscriptionActor = 'customer' | 'owner' | 'store';

/**
 * A subscription's history (drizzle/0036_subscription_portal.sql): paused, resumed, cancelled,
 * address or card changed, renewal refunded … Events of one transaction share its now(), so the
 * timeline is sorted by `seq`.
 */
export const subscriptionEvents = pgTable(
  'subscription_events',
  {
    id: idColumn(),
    websiteId: websiteIdColumn(),
    subscriptionId: text('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    kind: text('kind').notNull(),
    actor: text('actor').$type<SubscriptionActor>().notNull(),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('subscription_events_subscription_idx').on(t.subscriptionId, t.seq)],
);
