import { API_MESSAGES } from '@store/api';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../errors';
import { clientKey } from '../plugins/limits';
import { requireOwner } from '../plugins/owner-auth';
import { dropSitePagesOnSuccess } from '../pages/page-invalidation';
import { popupSettings, savePopup, subscribe, unsubscribe } from '../services/newsletter.service';
import { at, zodRoutes } from './api-schema';

/** Newsletter signup (popup overlay, page type 104) and unsubscribe (page type 300). */
export async function newsletterRoutes(app: FastifyInstance) {
  const api = zodRoutes(app);
  const db = app.database.db;
  const limiter = app.limits.limiter('newsletter', 20, 10 * 60_000);

  api.post(...at('POST /api/newsletter/subscribers'), async (request) => {
    if (await limiter.hit(clientKey(request))) throw new ApiError('RATE_LIMITED');
    await subscribe(db, { websiteId: request.site.id, ...request.body });
    return { ok: true };
  });

  api.post(...at('POST /api/newsletter/unsubscribe'), async (request) => {
    if (await limiter.hit(clientKey(request))) throw new ApiError('RATE_LIMITED');
    if (!(await unsubscribe(db, request.site.id, request.body.token)))
      throw new ApiError('NOT_FOUND', API_MESSAGES.unsubscribeInvalid);
    return { ok: true };
  });

  api.get(...at('GET /api/owner/popup-overlay', { preValidation: requireOwner }), async (request) => ({
    ...(await popupSettings(db, request.site.id)),
    lists: [{ id: 'newsletter' as const, name: 'Newsletter' }],
  }));

  api.put(
    ...at('PUT /api/owner/popup-overlay', {
      preValidation: requireOwner,
      // The owner's next page view shows the change at once (other processes get the NOTIFY).
      onSend: dropSitePagesOnSuccess,
    }),
    async (request) => savePopup(db, request.site.id, request.body),
  );
}
