import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { retryTransaction } from '../../db/retry-transaction';
import { selectRows } from '../../db/rows';
import {
  commercePreferences,
  orderItemReviews,
  orderItems,
  orderReviewRequests,
  orders,
} from '../../db/schema/index';
import { productReviews } from '../../db/schema/reviews';
import type { Outcome } from '../../reasons';
import type { Db } from '../cart/cart-store';
import { enqueueEmail } from '../email/email-outbox';
import type { OrderRow } from '../order.service';
import { serverSecret } from '../server-secret';
import { siteBaseUrl } from '../site-base-url';
import { findSiteById, type SiteRecord } from '../site.service';

/**
 * The reviews request (spec page type 209): some days after an order is fulfilled its buyer
 * gets one mail with a signed link to a page where each item is rated. The store decides the
 * delay and may turn it off (commerce preferences, namespace `review-requests`).
 */

export const REVIEW_REQUEST_NAMESPACE = 'review-requests';
export const DEFAULT_REVIEW_DELAY_DAYS = 7;
export const MAX_REVIEW_DELAY_DAYS = 90;
/** Requests claimed per statement (the next run takes the rest). */
export const REVIEW_REQUEST_BATCH = 200;

export interface ReviewRequestSettings {
  enabled: boolean;
  delayDays: number;
}

function settingsOf(stored: Record<string, unknown> | undefined): ReviewRequestSettings {
  const days = stored?.delayDays;
  return {
    enabled: stored?.enabled !== false,
    delayDays:
      typeof days === 'number' && Number.isInteger(days) && days >= 0 && days <= MAX_REVIEW_DELAY_DAYS
        ? days
        : DEFAULT_REVIEW_DELAY_DAYS,
  };
}

export async function reviewRequestSettings(db: Db, websiteId: string): Promise<ReviewRequestSettings> {
  const [row] = await db
    .select({ preferences: commercePreferences.preferences })
    .from(commercePreferences)
    .where(
      and(
        eq(commercePreferences.websiteId, websiteId),
        eq(commercePreferences.namespace, REVIEW_REQUEST_NAMESPACE),
      ),
    );
  return settingsOf(row?.preferences);
}

/** Save the store's choice (already checked by the route's schema); answers what is saved. */
export async function saveReviewRequestSettings(
  db: Database,
  websiteId: string,
  change: Partial<ReviewRequestSettings>,
): Promise<ReviewRequestSettings> {
  return db.transaction(async (tx) => {
    const next = { ...(await reviewRequestSettings(tx, websiteId)), ...change };
    await tx
      .insert(commercePreferences)
      .values({ websiteId, namespace: REVIEW_REQUEST_NAMESPACE, preferences: { ...next } })
      .onConflictDoUpdate({
        target: [commercePreferences.websiteId, commercePreferences.namespace],
        set: { preferences: { ...next }, updatedAt: new Date() },
      });
    return next;
  });
}

/** In the fulfilment's transaction: the order's request, due once the store's delay has passed. */
export async function recordFulfilment(tx: Tx, row: Pick<OrderRow, 'id' | 'websiteId'>, at: Date) {
  await tx
    .insert(orderReviewRequests)
    .values({ orderId: row.id, websiteId: row.websiteId, fulfilledAt: at })
    .onConflictDoNothing();
}

// --- The signed link -----------------------------------------------------------------------

const secrets = new WeakMap<object, Promise<Buffer>>();
function linkSecret(db: Db): Promise<Buffer> {
  let secret = secrets.get(db);
  if (!secret) {
    secret = serverSecret(db as Database, 'review-requests');
    secrets.set(db, secret);
    secret.catch(() => secrets.delete(db));
  }
  return secret;
}

const sign = (secret: Buffer, orderId: string) =>
  createHmac('sha256', secret).update(`review-request.${orderId}`).digest('base64url');

/** The link's token: the order id and its signature (nothing else can be read from it). */
export async function reviewToken(db: Db, orderId: string): Promise<string> {
  return `${orderId}.${sign(await linkSecret(db), orderId)}`;
}

/** The order id a token was signed for, or null (malformed, forged, or another server's). */
export async function orderOfToken(db: Db, token: string): Promise<string | null> {
  const match = /^([A-Za-z0-9-]{1,64})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const [, orderId = '', signature = ''] = match;
  const expected = Buffer.from(sign(await linkSecret(db), orderId));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given) ? orderId : null;
}

export function reviewPageUrl(site: Pick<SiteRecord, 'baseUrl' | 'hosts' | 'identifier'>, token: string) {
  return `${siteBaseUrl(site)}/commerce/reviews/${token}`;
}

// --- The periodic job ----------------------------------------------------------------------

/**
 * Claim the requests whose delay has passed with one UPDATE … SET queued_at … WHERE queued_at
 * IS NULL RETURNING: a row is claimed by one transaction only (another process waiting on its
 * lock re-checks the IS NULL, and SKIP LOCKED passes over rows being claimed), and the mail is
 * queued in that same transaction, so each order's mail goes once across processes and
 * restarts (a rollback un-claims it). A store that has turned the mail off still has its due
 * requests claimed, without mail: turning it on later does not write to old buyers.
 */
async function claimDue(tx: Tx, now: Date) {
  const at = now.toISOString();
  return selectRows<{ order_id: string; website_id: string }>(
    tx,
    sql`
    update order_review_requests set queued_at = ${at}::timestamptz
    where order_id in (
      select r.order_id from order_review_requests r
      left join commerce_preferences p
        on p.website_id = r.website_id and p.namespace = ${REVIEW_REQUEST_NAMESPACE}
      where r.queued_at is null
        and r.fulfilled_at + make_interval(days => coalesce(
          case when jsonb_typeof(p.preferences->'delayDays') = 'number'
            then (p.preferences->>'delayDays')::int end, ${DEFAULT_REVIEW_DELAY_DAYS})) <= ${at}::timestamptz
      order by r.fulfilled_at
      limit ${REVIEW_REQUEST_BATCH}
      for update of r skip locked)
    and queued_at is null
    returning order_id, website_id`,
  );
}

/** Whether a claimed order gets its mail: still fulfilled, mail on, reviews on. */
async function queueRequestMail(tx: Tx, site: SiteRecord, orderId: string): Promise<boolean> {
  const settings = await reviewRequestSettings(tx, site.id);
  if (!settings.enabled || site.storeSettings?.merchandisingSettings?.enableNativeReviews !== true)
    return false;
  const [row] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.websiteId, site.id)));
  // Refunded or canceled since: nobody is asked to review what they gave back.
  if (row?.status !== 'FULFILLED') return false;
  const lines = await tx
    .select({ productName: orderItems.productName })
    .from(orderItems)
    .where(eq(orderItems.orderId, row.id))
    .orderBy(asc(orderItems.productName));
  const url = reviewPageUrl(site, await reviewToken(tx, row.id));
  const names = [...new Set(lines.map((l) => l.productName))];
  await enqueueEmail(tx, {
    websiteId: site.id,
    kind: 'order-review-request',
    to: row.email,
    subject: `How was your order #${row.orderNumber} from ${site.siteTitle}?`,
    text: [
      `Thank you again for your order #${row.orderNumber} at ${site.siteTitle}.`,
      '',
      'Would you tell other shoppers what you think? Rate each item in a minute:',
      ...names.map((n) => `- ${n}`),
      '',
      `Write your reviews: ${url}`,
    ].join('\n'),
    secrets: [url],
  });
  return true;
}

/** Queue the reviews requests due at `now` (the job's work; tests pass their clock). */
export async function sendDueReviewRequests(
  db: Database,
  now = new Date(),
): Promise<{ claimed: number; queued: number }> {
  const totals = { claimed: 0, queued: 0 };
  const sites = new Map<string, SiteRecord | null>();
  for (;;) {
    const claimed = await retryTransaction(db, async (tx) => {
      const rows = await claimDue(tx, now);
      let queued = 0;
      for (const r of rows) {
        // Read through the transaction: PGlite has one connection, which the transaction holds.
        if (!sites.has(r.website_id))
          sites.set(r.website_id, await findSiteById(tx as unknown as Database, r.website_id));
        const site = sites.get(r.website_id);
        if (site && (await queueRequestMail(tx, site, r.order_id))) queued++;
      }
      return { claimed: rows.length, queued };
    });
    totals.claimed += claimed.claimed;
    totals.queued += claimed.queued;
    if (claimed.claimed < REVIEW_REQUEST_BATCH) break;
  }
  return totals;
}

// --- The page and its answer ---------------------------------------------------------------

export interface ReviewPageItem {
  itemId: string;
  productName: string;
  variantDescription: string;
  reviewed: boolean;
}

export interface ReviewPage {
  orderId: string;
  orderNumber: number;
  items: ReviewPageItem[];
}

async function orderForToken(db: Db, websiteId: string, token: string) {
  const orderId = await orderOfToken(db, token);
  if (!orderId) return undefined;
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.websiteId, websiteId)));
  // Only a fulfilled order is reviewed (its request went after the fulfilment).
  return row?.status === 'FULFILLED' ? row : undefined;
}

/** What the reviews page shows for a token: the order's products, each once. Undefined: not found. */
export async function reviewPage(
  db: Database,
  websiteId: string,
  token: string,
): Promise<ReviewPage | undefined> {
  const row = await orderForToken(db, websiteId, token);
  if (!row) return undefined;
  return { orderId: row.id, orderNumber: row.orderNumber, items: await itemsOf(db, row.id) };
}

async function itemsOf(db: Db, orderId: string): Promise<ReviewPageItem[]> {
  const lines = await db
    .select({
      itemId: orderItems.itemId,
      productName: orderItems.productName,
      variantDescription: orderItems.variantDescription,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.productName));
  const done = await db
    .select({ itemId: orderItemReviews.itemId })
    .from(orderItemReviews)
    .where(eq(orderItemReviews.orderId, orderId));
  const reviewed = new Set(done.map((d) => d.itemId));
  const seen = new Set<string>();
  return lines.flatMap((l) => {
    if (seen.has(l.itemId)) return [];
    seen.add(l.itemId);
    return [{ ...l, reviewed: reviewed.has(l.itemId) }];
  });
}

export interface ItemReviewInput {
  itemId: string;
  rating: number;
  title: string;
  body: string;
}

/**
 * Store the buyer's reviews (held for moderation like every review, marked as a verified
 * buyer's). Each item of the order takes one review: the claim row (order, item) is inserted
 * first, and only the transaction that inserted it writes the review, so a second submission
 * (or two at once) adds nothing. Answers which items were saved now and which were already.
 */
export async function submitOrderReviews(
  db: Database,
  websiteId: string,
  token: string,
  input: { authorName: string; reviews: ItemReviewInput[] },
): Promise<Outcome<{ saved: string[]; alreadyReviewed: string[] }>> {
  return retryTransaction(db, async (tx) => {
    const row = await orderForToken(tx, websiteId, token);
    if (!row) return { ok: false as const, reason: 'REVIEW_LINK_NOT_FOUND' as const };
    const items = await itemsOf(tx, row.id);
    const ordered = new Set(items.map((i) => i.itemId));
    const stranger = input.reviews.find((r) => !ordered.has(r.itemId));
    if (stranger) return { ok: false as const, reason: 'REVIEW_ITEM_NOT_IN_ORDER' as const };
    const saved: string[] = [];
    const alreadyReviewed: string[] = [];
    for (const review of input.reviews) {
      const claimed = await tx
        .insert(orderItemReviews)
        .values({ orderId: row.id, itemId: review.itemId, websiteId })
        .onConflictDoNothing()
        .returning({ itemId: orderItemReviews.itemId });
      if (claimed.length === 0) {
        alreadyReviewed.push(review.itemId);
        continue;
      }
      const [written] = await tx
        .insert(productReviews)
        .values({
          websiteId,
          productId: review.itemId,
          rating: review.rating,
          title: review.title,
          body: review.body,
          authorName: input.authorName,
          email: row.email.toLowerCase(),
          verifiedBuyer: true,
        })
        .returning({ id: productReviews.id });
      await tx
        .update(orderItemReviews)
        .set({ reviewId: written?.id ?? null })
        .where(and(eq(orderItemReviews.orderId, row.id), eq(orderItemReviews.itemId, review.itemId)));
      saved.push(review.itemId);
    }
    return { ok: true as const, value: { saved, alreadyReviewed } };
  });
}
