import { API_MESSAGES, MAILING_LIST_MESSAGES } from '@store/api';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../errors';
import { clientKey } from '../plugins/limits';
import { requireOwner } from '../plugins/owner-auth';
import { dropSitePagesOnSuccess } from '../pages/page-invalidation';
import { blockSignUp } from '../services/lists/block-signups';
import { popupSettings, savePopup, subscribe, unsubscribe } from '../services/newsletter.service';
import { at, zodRoutes } from './api-schema';

/**
 * Newsletter sign-ups (the popup overlay, page type 104, and newsletter blocks) and unsubscribe
 * (page type 300), and the popup's settings.
 */
export async function newsletterRoutes(app: FastifyInstance) {
  const api = zodRoutes(app);
  const db = app.database.db;
  const limiter = app.limits.limiter('newsletter', 20, 10 * 60_000);

  api.post(...at('POST /api/newsletter/subscribers'), async (request) => {
    if (await limiter.hit(clientKey(request))) throw new ApiError('RATE_LIMITED');
    const { email, source, listToken } = request.body;
    if (source !== 'block' && listToken === undefined) {
      await subscribe(db, { websiteId: request.site.id, email, source });
      return { ok: true };
    }
    // A newsletter block: the list is the one its page was rendered with, never the visitor's choice.
    const outdated = { errors: { listToken: API_MESSAGES.signupOutdated } };
    if (!listToken) throw new ApiError('VALIDATION_FAILED', API_MESSAGES.signupOutdated, outdated);
    const joined = await blockSignUp(db, { websiteId: request.site.id, email, listToken });
    if (!joined.ok)
      throw joined.code === 'LIST_NOT_FOUND'
        ? new ApiError('NOT_FOUND', API_MESSAGES.signupOutdated, { reason: 'MAILING_LIST_LIST_NOT_FOUND' })
        : new ApiError('VALIDATION_FAILED', API_MESSAGES.signupOutdated, outdated);
    return { ok: true, confirm: joined.confirm };
  });

  api.post(...at('POST /api/newsletter/unsubscribe'), async (request) => {
    if (await limiter.hit(clientKey(request))) throw new ApiError('RATE_LIMITED');
    if (!(await unsubscribe(db, request.site.id, request.body.token)))
      throw new ApiError('NOT_FOUND', API_MESSAGES.unsubscribeInvalid);
    return { ok: true };
  });

  api.get(...at('GET /api/owner/popup-overlay', { preValidation: requireOwner }), async (request) =>
    popupSettings(db, request.site.id),
  );

  api.put(
    ...at('PUT /api/owner/popup-overlay', {
      preValidation: requireOwner,
      // The owner's next page view shows the change at once (other processes get the NOTIFY).
      onSend: dropSitePagesOnSuccess,
    }),
    async (request) => {
      const saved = await savePopup(db, request.site.id, request.body);
      if (saved.ok) return saved.value;
      throw new ApiError('NOT_FOUND', MAILING_LIST_MESSAGES.notFound, {
        reason: 'MAILING_LIST_LIST_NOT_FOUND',
        errors: { listId: MAILING_LIST_MESSAGES.notFound },
      });
    },
  );
}
