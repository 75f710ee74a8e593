import type { FastifyInstance, FastifyRequest } from 'fastify';
import { dropSitePagesOnSuccess } from '../pages/page-invalidation';
import { ApiError } from '../errors';
import { clientKey } from '../plugins/limits';
import { requireOwner } from '../plugins/owner-auth';
import { decodeCursor, paginate } from '../services/owner/cursor';
import {
  REVIEWS_PAGE_SIZE,
  isProduct,
  listApproved,
  listForOwner,
  moderateReview,
  replyToReview,
  reviewCounts,
  reviewSummary,
  submitReview,
} from '../services/reviews.service';
import { at, zodRoutes } from './api-schema';

const NOT_ENABLED = 'Reviews are not enabled for this store.';
const NO_PRODUCT = 'That product does not exist.';

/** Spec §3 websiteSettings.storeSettings.merchandisingSettings.enableNativeReviews. */
function nativeReviewsOn(request: FastifyRequest): boolean {
  return request.site?.storeSettings?.merchandisingSettings?.enableNativeReviews === true;
}

/**
 * Native product reviews: visitors read approved reviews and write new ones (held for
 * moderation); the owner lists and approves or rejects them. Reviews of a store with native
 * reviews off are not found.
 */
export async function reviewRoutes(app: FastifyInstance) {
  const api = zodRoutes(app);
  const db = app.database.db;
  // A review is a stored write the owner has to read: 10 per client address per 10 minutes.
  const limiter = app.limits.limiter('review-submit', 10, 10 * 60_000);

  api.get(...at('GET /api/commerce/products/:productId/reviews'), async (request) => {
    if (!nativeReviewsOn(request)) throw new ApiError('NOT_FOUND', NOT_ENABLED);
    const { productId } = request.params;
    const before = decodeCursor(request.query.cursor, 2, 0);
    if (!(await isProduct(db, request.site.id, productId))) throw new ApiError('NOT_FOUND', NO_PRODUCT);
    const [summary, rows] = await Promise.all([
      reviewSummary(db, request.site.id, productId),
      listApproved(db, request.site.id, productId, before),
    ]);
    const { page, hasNextPage, nextPageCursor } = paginate(rows, REVIEWS_PAGE_SIZE, (r) => [
      r.createdAt,
      r.id,
    ]);
    return { summary, reviews: page, hasNextPage, nextPageCursor };
  });

  api.post(...at('POST /api/commerce/products/:productId/reviews'), async (request, reply) => {
    if (!nativeReviewsOn(request)) throw new ApiError('NOT_FOUND', NOT_ENABLED);
    if (await limiter.hit(clientKey(request))) throw new ApiError('RATE_LIMITED');
    const { productId } = request.params;
    if (!(await isProduct(db, request.site.id, productId))) throw new ApiError('NOT_FOUND', NO_PRODUCT);
    const saved = await submitReview(db, { websiteId: request.site.id, productId, ...request.body });
    reply.code(201);
    return { id: saved.id, status: 'PENDING' as const, verifiedBuyer: saved.verifiedBuyer };
  });

  api.get(...at('GET /api/owner/reviews', { preValidation: requireOwner }), async (request) => {
    const { status, productId, rating, q, cursor } = request.query;
    const after = decodeCursor(cursor, 3, 1);
    if (after && !/^[01]$/.test(after[0] ?? ''))
      throw new ApiError('BAD_REQUEST', 'The cursor is not valid.');
    const [rows, counts] = await Promise.all([
      listForOwner(db, request.site.id, { status, productId, rating, q: q || undefined }, after),
      reviewCounts(db, request.site.id),
    ]);
    const { page, hasNextPage, nextPageCursor } = paginate(rows, REVIEWS_PAGE_SIZE, (r) => [
      String(r.rank),
      r.createdAt,
      r.id,
    ]);
    return {
      reviews: page.map(({ rank: _rank, ...review }) => review),
      counts,
      hasNextPage,
      nextPageCursor,
    };
  });

  api.post(
    ...at('POST /api/owner/reviews/:reviewId/moderation', {
      preValidation: requireOwner,
      // Read-your-writes: the owner's next look at the product page shows the new stars at
      // once (other processes follow the NOTIFY sent in the moderation's transaction).
      onSend: dropSitePagesOnSuccess,
    }),
    async (request) => {
      const row = await moderateReview(db, request.site.id, request.params.reviewId, request.body.status);
      if (!row) throw new ApiError('NOT_FOUND', 'That review does not exist.');
      return row;
    },
  );

  api.put(
    ...at('PUT /api/owner/reviews/:reviewId/reply', {
      preValidation: requireOwner,
      // The reply shows on the product page at once (as moderation does).
      onSend: dropSitePagesOnSuccess,
    }),
    async (request) => {
      const row = await replyToReview(db, request.site.id, request.params.reviewId, request.body.reply);
      if (!row) throw new ApiError('NOT_FOUND', 'That review does not exist.');
      return row;
    },
  );
}
