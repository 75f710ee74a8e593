import { at, zodRoutes } from './api-schema';
import { isEmailAddress } from '@store/commerce';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../errors';
import { clientKey } from '../plugins/limits';
import { requireOwner } from '../plugins/owner-auth';
import { optIn } from '../services/lists/opt-ins';
import { decodeCursor, paginate } from '../services/owner/cursor';
import {
  PAGE_SIZE,
  findVariant,
  listGroups,
  listSignups,
  sendRestock,
  signUp,
} from '../services/restock/restock.service';
import { siteBaseUrl } from '../services/site-base-url';

export const RESTOCK_MESSAGES = { blank: 'Email cannot be blank', invalid: 'Email is invalid' } as const;

/** Spec §5 "Restock": blank → "Email cannot be blank"; not 3–256 chars or not an email → "Email is invalid". */
export function restockEmailError(value: unknown): string | undefined {
  if (value === undefined || value === null || (typeof value === 'string' && value.trim() === ''))
    return RESTOCK_MESSAGES.blank;
  if (typeof value !== 'string') return RESTOCK_MESSAGES.invalid;
  if (!isEmailAddress(value)) return RESTOCK_MESSAGES.invalid;
  return undefined;
}

/** Links in the mails come from the site's configured base URL, never from request headers. */
const originOf = (request: FastifyRequest) => siteBaseUrl(request.site);

/** Back-in-stock signups (visitors) and their owner-only lists and sends (spec §7). */
export async function restockRoutes(app: FastifyInstance) {
  const api = zodRoutes(app);
  const db = app.database.db;
  // Signups write rows and later send mail: 30 per client address per 10 minutes.
  const limiter = app.limits.limiter('restock-signup', 30, 10 * 60_000);

  api.post(...at('POST /api/site-users/account/notifications/restock'), async (request) => {
    if (await limiter.hit(clientKey(request))) throw new ApiError('RATE_LIMITED');
    const body = request.body;
    const emailError = restockEmailError(body.siteVisitorEmail);
    if (emailError)
      throw new ApiError('VALIDATION_FAILED', emailError, { errors: { siteVisitorEmail: emailError } });
    const variant = await findVariant(db, request.site.id, body.productId, body.variantId);
    if (!variant) throw new ApiError('NOT_FOUND', 'That product variant does not exist.');
    await signUp(db, {
      websiteId: request.site.id,
      productId: body.productId,
      variantId: body.variantId,
      email: body.siteVisitorEmail as string,
      isJoinMailingList: body.isJoinMailingList,
      language: body.language,
    });
    // Opting in while signing up joins the site's default mailing list.
    if (body.isJoinMailingList)
      await optIn(db, {
        websiteId: request.site.id,
        email: body.siteVisitorEmail as string,
        source: 'restock',
        consentSource: `restock sign-up: ${body.productId}`,
      });
    return { ok: true };
  });

  api.get(
    ...at('GET /api/site-users/account/notifications/restock/groups', { preValidation: requireOwner }),
    async (request) => {
      const query = request.query;
      const rows = await listGroups(db, request.site.id, decodeCursor(query.cursor, 2));
      const { page, hasNextPage, nextPageCursor } = paginate(rows, PAGE_SIZE, (r) => [
        r.productId,
        r.variantId,
      ]);
      return { signUpGroups: page, hasNextPage, nextPageCursor };
    },
  );

  api.get(
    ...at('GET /api/site-users/account/notifications/restock', { preValidation: requireOwner }),
    async (request) => {
      const query = request.query;
      const rows = await listSignups(
        db,
        request.site.id,
        query.productId,
        query.variantId,
        decodeCursor(query.cursor, 2, 0), // (createdAt, id)
      );
      const { page, hasNextPage, nextPageCursor } = paginate(rows, PAGE_SIZE, (r) => [r.cursorAt, r.id]);
      return { signUps: page.map(({ cursorAt: _, ...r }) => r), hasNextPage, nextPageCursor };
    },
  );

  api.post(
    ...at('POST /api/site-users/account/notifications/restock/send', { preValidation: requireOwner }),
    async (request) => {
      const body = request.body;
      const result = await sendRestock(db, {
        websiteId: request.site.id,
        ...body,
        origin: originOf(request),
      });
      if (!result.ok)
        throw new ApiError(
          result.code,
          result.code === 'NOT_FOUND' ? 'That product variant does not exist.' : undefined,
        );
      app.outboxKick?.();
      return { sent: result.sent };
    },
  );

  api.post(
    ...at('POST /api/site-users/account/notifications/restock/send/all', { preValidation: requireOwner }),
    async (request) => {
      const body = request.body;
      const results = [];
      for (const ref of body.sendRequests) {
        const result = await sendRestock(db, {
          websiteId: request.site.id,
          ...ref,
          origin: originOf(request),
        });
        results.push(result.ok ? { ...ref, sent: result.sent } : { ...ref, sent: 0, error: result.code });
      }
      app.outboxKick?.();
      return { results };
    },
  );
}
