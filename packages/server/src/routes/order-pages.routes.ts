import type { FastifyInstance } from 'fastify';
import { ApiError } from '../errors';
import { clientKey } from '../plugins/limits';
import { requireOwner } from '../plugins/owner-auth';
import { valueOrFail } from '../reasons';
import { digitalProductPreview } from '../services/orders/digital-preview';
import {
  reviewPage,
  reviewRequestSettings,
  saveReviewRequestSettings,
  sendDueReviewRequests,
  submitOrderReviews,
} from '../services/orders/review-requests';
import { ORDER_PAGE_MESSAGES } from '@store/api';
import { at, zodRoutes } from './api-schema';

export interface OrderPageRouteOptions {
  /** How often this process looks for due reviews requests (default every 5 minutes). */
  reviewRequestsEveryMs?: number;
}

/**
 * The order pages' API: the reviews request page's read and answer (signed link from its
 * mail), the store's reviews request settings, the digital product preview (page type 210),
 * and the job that queues the reviews request mails once their delay has passed.
 */
export async function orderPageRoutes(app: FastifyInstance, options: OrderPageRouteOptions = {}) {
  const db = app.database.db;
  // Like the product page's review form: a stored write the owner has to read.
  const limiter = app.limits.limiter('review-request-submit', 10, 10 * 60_000);

  await app.register(async (open) => {
    const api = zodRoutes(open);
    api.get(...at('GET /api/commerce/review-requests/:token'), async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const page = await reviewPage(db, request.site.id, request.params.token);
      if (!page) throw new ApiError('NOT_FOUND', ORDER_PAGE_MESSAGES.reviewLinkNotFound);
      return { orderNumber: page.orderNumber, items: page.items };
    });
    api.post(...at('POST /api/commerce/review-requests/:token'), async (request, reply) => {
      if (await limiter.hit(clientKey(request))) throw new ApiError('RATE_LIMITED');
      reply.header('cache-control', 'no-store');
      const saved = valueOrFail(
        await submitOrderReviews(db, request.site.id, request.params.token, request.body),
      );
      request.log.info(
        { saved: saved.saved.length, alreadyReviewed: saved.alreadyReviewed.length },
        'order reviews submitted',
      );
      return saved;
    });
  });

  await app.register(async (owner) => {
    owner.addHook('preValidation', requireOwner);
    const api = zodRoutes(owner);
    api.get(...at('GET /api/commerce/review-requests/settings'), async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return reviewRequestSettings(db, request.site.id);
    });
    api.put(...at('PUT /api/commerce/review-requests/settings'), async (request) =>
      saveReviewRequestSettings(db, request.site.id, request.body),
    );
    api.get(...at('GET /api/commerce/digital-preview/:itemId'), async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const preview = await digitalProductPreview(db, request.site, request.params.itemId);
      if (!preview) throw new ApiError('NOT_FOUND', 'That is not a digital product of this store.');
      return preview;
    });
  });

  // Every process looks; the claim in the database sends each order's mail once.
  let running: Promise<unknown> | null = null;
  const tick = () => {
    running ??= sendDueReviewRequests(db)
      .then((counts) => {
        if (counts.queued > 0) app.outboxKick?.();
        if (counts.claimed > 0)
          app.log.info({ job: 'review-requests', ...counts }, 'reviews requests queued');
      })
      .catch((error) => app.log.warn({ err: error }, 'reviews requests failed; will retry'))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, options.reviewRequestsEveryMs ?? everyMsFromEnv());
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}

/**
 * `REVIEW_REQUESTS_EVERY_MS` (read here, beside the job, as pages.routes.ts reads
 * PAGE_CACHE_MB): how often to look for due requests; 5 minutes unless set (browser tests
 * shorten it).
 */
function everyMsFromEnv(): number {
  const n = Number(process.env.REVIEW_REQUESTS_EVERY_MS);
  return Number.isInteger(n) && n >= 500 ? n : 5 * 60_000;
}
