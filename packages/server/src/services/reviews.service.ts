import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { orderItems, orders } from '../db/schema/commerce';
import { type ReviewStatus, productReviews } from '../db/schema/reviews';
import { items } from '../db/schema/site';
import { theRow } from '../db/rows';
import { olderThan } from './owner/cursor';

/** Reviews per page, on the product page and in the owner's queue. */
export const REVIEWS_PAGE_SIZE = 10;

/** The channel the page cache listens on for one item's changes ("<website id> <item id>"). */
const CATALOG_CHANGED = 'catalog_changed';

/** A review as visitors see it: no email. */
export interface PublicReview {
  id: string;
  rating: number;
  title: string;
  body: string;
  authorName: string;
  verifiedBuyer: boolean;
  createdAt: string;
}

/** Star summary of a product's approved reviews: count, average (1 decimal) and per-star counts. */
export interface ReviewSummary {
  count: number;
  average: number;
  /** histogram[0] is the number of 1-star reviews … histogram[4] of 5-star ones. */
  histogram: number[];
}

const publicColumns = {
  id: productReviews.id,
  rating: productReviews.rating,
  title: productReviews.title,
  body: productReviews.body,
  authorName: productReviews.authorName,
  verifiedBuyer: productReviews.verifiedBuyer,
  createdAt: sql<string>`${productReviews.createdAt}::text`,
};

/** Is `productId` a product (store item) of this site? */
export async function isProduct(db: Database, websiteId: string, productId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: items.id })
    .from(items)
    .where(and(eq(items.id, productId), eq(items.websiteId, websiteId), eq(items.recordType, 11)));
  return Boolean(row);
}

/** The approved reviews of one product: what visitors see and the star summary counts. */
const approvedOf = (websiteId: string, productId: string) =>
  and(
    eq(productReviews.websiteId, websiteId),
    eq(productReviews.productId, productId),
    eq(productReviews.status, 'APPROVED'),
  );

export async function reviewSummary(
  db: Database,
  websiteId: string,
  productId: string,
): Promise<ReviewSummary> {
  const rows = await db
    .select({ rating: productReviews.rating, n: sql<number>`count(*)::int` })
    .from(productReviews)
    .where(approvedOf(websiteId, productId))
    .groupBy(productReviews.rating);
  const histogram = [0, 0, 0, 0, 0];
  for (const r of rows) histogram[r.rating - 1] = Number(r.n);
  const count = histogram.reduce((a, b) => a + b, 0);
  const total = histogram.reduce((sum, n, i) => sum + n * (i + 1), 0);
  return { count, average: count ? Math.round((total / count) * 10) / 10 : 0, histogram };
}

/** Approved reviews of a product, newest first, keyset-paged by (createdAt, id). */
export async function listApproved(
  db: Database,
  websiteId: string,
  productId: string,
  before?: string[],
): Promise<PublicReview[]> {
  return db
    .select(publicColumns)
    .from(productReviews)
    .where(and(approvedOf(websiteId, productId), olderThan(productReviews, before)))
    .orderBy(desc(productReviews.createdAt), desc(productReviews.id))
    .limit(REVIEWS_PAGE_SIZE + 1);
}

/** Did an order placed with this email buy this product? */
async function boughtBy(db: Database, websiteId: string, productId: string, email: string) {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .where(
      and(
        eq(orders.websiteId, websiteId),
        eq(orderItems.itemId, productId),
        sql`lower(${orders.email}) = ${email.toLowerCase()}`,
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** Store a visitor's review for moderation. It shows once the owner approves it. */
export async function submitReview(
  db: Database,
  input: {
    websiteId: string;
    productId: string;
    rating: number;
    title: string;
    body: string;
    authorName: string;
    email: string;
  },
): Promise<{ id: string; status: ReviewStatus; verifiedBuyer: boolean }> {
  const verifiedBuyer = await boughtBy(db, input.websiteId, input.productId, input.email);
  const rows = await db
    .insert(productReviews)
    .values({ ...input, email: input.email.toLowerCase(), verifiedBuyer })
    .returning({ id: productReviews.id, status: productReviews.status });
  return { ...theRow(rows, 'insert into product_reviews'), verifiedBuyer };
}

/** The owner's moderation queue: reviews in one status, newest first, with the email. */
export async function listForOwner(db: Database, websiteId: string, status: ReviewStatus, before?: string[]) {
  return db
    .select({
      ...publicColumns,
      productId: productReviews.productId,
      productTitle: items.title,
      email: productReviews.email,
      status: productReviews.status,
    })
    .from(productReviews)
    .innerJoin(items, eq(items.id, productReviews.productId))
    .where(
      and(
        eq(productReviews.websiteId, websiteId),
        eq(productReviews.status, status),
        olderThan(productReviews, before),
      ),
    )
    .orderBy(desc(productReviews.createdAt), desc(productReviews.id))
    .limit(REVIEWS_PAGE_SIZE + 1);
}

/**
 * Approve or reject a review. The product's cached pages are dropped in the same transaction
 * (NOTIFY is delivered on commit), since the star summary on the page counts approved reviews.
 */
export async function moderateReview(
  db: Database,
  websiteId: string,
  reviewId: string,
  status: Exclude<ReviewStatus, 'PENDING'>,
): Promise<{ id: string; productId: string; status: ReviewStatus } | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(productReviews)
      .set({ status, moderatedAt: new Date() })
      .where(and(eq(productReviews.id, reviewId), eq(productReviews.websiteId, websiteId)))
      .returning({
        id: productReviews.id,
        productId: productReviews.productId,
        status: productReviews.status,
      });
    if (!row) return null;
    await tx.execute(sql`select pg_notify(${CATALOG_CHANGED}, ${`${websiteId} ${row.productId}`})`);
    return row;
  });
}
