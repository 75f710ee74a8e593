import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn } from './columns';
import { items, websiteIdColumn } from './site';

export const REVIEW_STATUSES = ['PENDING', 'APPROVED', 'REJECTED'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

/**
 * Native product reviews (spec §3 merchandisingSettings.enableNativeReviews). A review is
 * written by a visitor, stays PENDING until the owner approves or rejects it, and only
 * APPROVED reviews are shown or counted. The email is never shown; it marks a review as a
 * verified buyer's when an order with that email bought the product.
 */
export const productReviews = pgTable(
  'product_reviews',
  {
    id: idColumn(),
    websiteId: websiteIdColumn(),
    productId: text('product_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    rating: integer('rating').notNull(),
    title: text('title').notNull().default(''),
    body: text('body').notNull(),
    authorName: text('author_name').notNull(),
    email: text('email').notNull(),
    verifiedBuyer: boolean('verified_buyer').notNull().default(false),
    status: text('status').$type<ReviewStatus>().notNull().default('PENDING'),
    moderatedAt: timestamp('moderated_at', { withTimezone: true }),
    /** The owner's public answer, shown under the review on the product page (plain text). */
    reply: text('reply'),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    createdAt: createdAtColumn(),
  },
  (t) => [
    check('product_reviews_rating_range', sql`${t.rating} between 1 and 5`),
    index('product_reviews_product_idx').on(t.websiteId, t.productId, t.status, t.createdAt),
    index('product_reviews_status_idx').on(t.websiteId, t.status, t.createdAt),
  ],
);
