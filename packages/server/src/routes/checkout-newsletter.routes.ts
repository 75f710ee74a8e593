import { CHECKOUT_NEWSLETTER_MESSAGES as M } from '@store/api';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../errors';
import { dropSitePagesOnSuccess } from '../pages/page-invalidation';
import { requireOwner } from '../plugins/owner-auth';
import { checkoutNewsletterView, saveCheckoutNewsletter } from '../services/lists/checkout-opt-in';
import { at, zodRoutes } from './api-schema';

/** The refusals of a save: each the spec's words, on the list field. */
const REFUSED = {
  NO_LISTS: M.noLists,
  LIST_REQUIRED: M.listRequired,
  LIST_NOT_FOUND: M.listNotFound,
} as const;

/**
 * Store settings → Newsletter at checkout (owner-only, the `storeSettings` capability): the
 * "Keep me posted" box's switch, list and words. The checkout page shows the box, so a
 * successful save drops this process's cached pages at once (others follow the NOTIFY of the
 * settings table's trigger).
 */
export async function checkoutNewsletterRoutes(app: FastifyInstance) {
  const db = app.database.db;
  app.addHook('preValidation', requireOwner);
  app.addHook('onSend', dropSitePagesOnSuccess);
  const api = zodRoutes(app);

  api.get(...at('GET /api/studio/commerce/checkout-newsletter'), async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    return checkoutNewsletterView(db, request.site.id);
  });

  api.put(...at('PUT /api/studio/commerce/checkout-newsletter'), async (request) => {
    const saved = await saveCheckoutNewsletter(db, request.site.id, request.body);
    if (saved.ok) return saved.value;
    const message = REFUSED[saved.code];
    throw new ApiError('VALIDATION_FAILED', message, {
      errors: { listId: message },
      reason: `CHECKOUT_NEWSLETTER_${saved.code}`,
    });
  });
}
