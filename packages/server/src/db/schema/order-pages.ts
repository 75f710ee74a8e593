import { index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAtColumn } from './columns';
import { orders } from './commerce';
import { productReviews } from './reviews';
import { websiteIdColumn } from './site';

/**
 * A fulfilled order's reviews request (page type 209): written with the fulfilment, claimed
 * by the periodic job once the store's delay has passed (`queued_at` set in the same UPDATE
 * that claims it, with the mail queued in that transaction): one mail per order.
 */
export const orderReviewRequests = pgTable(
  'order_review_requests',
  {
    orderId: text('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    websiteId: websiteIdColumn(),
    fulfilledAt: timestamp('fulfilled_at', { withTimezone: true }).notNull(),
    queuedAt: timestamp('queued_at', { withTimezone: true }),
    createdAt: createdAtColumn(),
  },
  (t) => [index('order_review_requests_due_idx').on(t.fulfilledAt).where(sql`${t.queuedAt} is null`)],
);

/** One review per ordered item from its reviews request: submitting the page twice adds none. */
export const orderItemReviews = pgTable(
  'order_item_reviews',
  {
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    itemId: text('item_id').notNull(),
    websiteId: websiteIdColumn(),
    reviewId: text('review_id').references(() => productReviews.id, { onDelete: 'set null' }),
    createdAt: createdAtColumn(),
  },
  (t) => [primaryKey({ name: 'order_item_reviews_pkey', columns: [t.orderId, t.itemId] })],
);
