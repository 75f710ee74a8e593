import { type SQL, and, asc, desc, eq, ilike, or, sql } from 'drizzle-orm';
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
  reply: string | null;
  repliedAt: string | null;
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
  reply: productReviews.reply,
  repliedAt: sql<string | null>`${productReviews.repliedAt}::text`,
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

export type ReviewFilter = ReviewStatus | 'ALL';

/** 0 for a pending review, 1 otherwise: the ALL list shows the pending ones first. */
const pendingRank = sql<number>`(case when ${productReviews.status} = 'PENDING' then 0 else 1 end)`;

const like = (q: string) => `%${q.replace(/[\\%_]/g, '\\$&')}%`;

/**
 * The owner's moderation list: reviews in one status (or ALL, pending first), newest first,
 * with the email; narrowed by product, rating and words (title, text, name or email).
 * Keyset-paged by (pending rank, createdAt, id): `after` is the last row's key.
 */
export async function listForOwner(
  db: Database,
  websiteId: string,
  filter: { status: ReviewFilter; productId?: string; rating?: number; q?: string },
  after?: string[],
) {
  const [rank, createdAt, id] = after ?? [];
  const q = filter.q?.trim();
  const conditions: (SQL | undefined)[] = [
    eq(productReviews.websiteId, websiteId),
    filter.status === 'ALL' ? undefined : eq(productReviews.status, filter.status),
    filter.productId ? eq(productReviews.productId, filter.productId) : undefined,
    filter.rating ? eq(productReviews.rating, filter.rating) : undefined,
    q
      ? or(
          ilike(productReviews.title, like(q)),
          ilike(productReviews.body, like(q)),
          ilike(productReviews.authorName, like(q)),
          ilike(productReviews.email, like(q)),
        )
      : undefined,
    id === undefined
      ? undefined
      : sql`(${pendingRank} > ${Number(rank)} or (${pendingRank} = ${Number(rank)} and (${productReviews.createdAt}, ${productReviews.id}) < (${createdAt}::timestamptz, ${id})))`,
  ];
  return db
    .select({
      ...publicColumns,
      productId: productReviews.productId,
      productTitle: items.title,
      email: productReviews.email,
      status: productReviews.status,
      rank: pendingRank,
    })
    .from(productReviews)
    .innerJoin(items, eq(items.id, productReviews.productId))
    .where(and(...conditions))
    .orderBy(asc(pendingRank), desc(productReviews.createdAt), desc(productReviews.id))
    .limit(REVIEWS_PAGE_SIZE + 1);
}

/** How many of the site's reviews are in each status. */
export async function reviewCounts(db: Database, websiteId: string): Promise<Record<ReviewStatus, number>> {
  const rows = await db
    .select({ status: productReviews.status, n: sql<number>`count(*)::int` })
    .from(productReviews)
    .where(eq(productReviews.websiteId, websiteId))
    .groupBy(productReviews.status);
  const counts: Record<ReviewStatus, number> = { PENDING: 0, APPROVED: 0, REJECTED: 0 };
  for (const r of rows) counts[r.status] = Number(r.n);
  return counts;
}

/**
 * The owner's public reply under a review (plain text; empty removes it). The product's
 * cached pages are dropped on commit, as for moderation. Null when the site has no such review.
 */
export async function replyToReview(
  db: Database,
  websiteId: string,
  reviewId: string,
  reply: string,
): Promise<{ id: string; reply: string | null; repliedAt: string | null } | null> {
  const text = reply.trim() === '' ? null : reply.trim();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(productReviews)
      .set({ reply: text, repliedAt: text === null ? null : new Date() })
      .where(and(eq(productReviews.id, reviewId), eq(productReviews.websiteId, websiteId)))
      .returning({
        id: productReviews.id,
        productId: productReviews.productId,
        reply: productReviews.reply,
        repliedAt: sql<string | null>`${productReviews.repliedAt}::text`,
      });
    if (!row) return null;
    await tx.execute(sql`select pg_notify(${CATALOG_CHANGED}, ${`${websiteId} ${row.productId}`})`);
    return { id: row.id, reply: row.reply, repliedAt: row.repliedAt };
  });
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
