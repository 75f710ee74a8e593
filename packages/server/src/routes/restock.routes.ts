import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ApiError } from '../errors';
import { requireOwner } from '../plugins/owner-auth';
import { decodeCursor, paginate } from '../services/owner/cursor';
import {
  PAGE_SIZE,
  findVariant,
  listGroups,
  listSignups,
  sendRestock,
  signUp,
} from '../services/restock/restock.service';
import { RateLimiter } from '../services/site-users/rate-limiter';
import { parseBody } from './forms-parse';

export const RESTOCK_MESSAGES = { blank: 'Email cannot be blank', invalid: 'Email is invalid' } as const;
import { EMAIL_PATTERN as EMAIL } from '../services/forms/form-answers';
const id = z.string().min(1).max(64);

const signupSchema = z.object({
  productId: id,
  variantId: id,
  siteVisitorEmail: z.unknown().optional(),
  isJoinMailingList: z.boolean().optional().default(false),
  recaptchaEnterpriseV3Token: z.string().max(4096).nullish(),
  language: z.string().max(35).optional(),
});
const variantRef = z.object({ productId: id, variantId: id });
const sendAllSchema = z.object({ sendRequests: z.array(variantRef).min(1).max(100) });
const cursorQuery = z.object({ cursor: z.string().max(2048).optional() });

/** Spec §5 "Restock": blank → "Email cannot be blank"; not 3–256 chars or not an email → "Email is invalid". */
export function restockEmailError(value: unknown): string | undefined {
  if (value === undefined || value === null || (typeof value === 'string' && value.trim() === ''))
    return RESTOCK_MESSAGES.blank;
  if (typeof value !== 'string') return RESTOCK_MESSAGES.invalid;
  const email = value.trim();
  if (email.length < 3 || email.length > 256 || !EMAIL.test(email)) return RESTOCK_MESSAGES.invalid;
  return undefined;
}

const originOf = (request: FastifyRequest) => `${request.protocol}://${request.hostname}`;

/** Back-in-stock signups (visitors) and their owner-only lists and sends (spec §7). */
export async function restockRoutes(app: FastifyInstance) {
  const db = app.database.db;
  const base = '/api/site-users/account/notifications/restock';
  // Signups write rows and later send mail: 30 per client address per 10 minutes.
  const limiter = new RateLimiter(30, 10 * 60_000);

  app.post(base, async (request) => {
    if (limiter.hit(`${request.site.id}:${request.ip}`)) throw new ApiError('RATE_LIMITED');
    const body = parseBody(signupSchema, request.body);
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
    return { ok: true };
  });

  app.get(`${base}/groups`, { preHandler: requireOwner }, async (request) => {
    const query = parseBody(cursorQuery, request.query);
    const rows = await listGroups(db, request.site.id, decodeCursor(query.cursor, 2));
    const { page, hasNextPage, nextPageCursor } = paginate(rows, PAGE_SIZE, (r) => [
      r.productId,
      r.variantId,
    ]);
    return { signUpGroups: page, hasNextPage, nextPageCursor };
  });

  app.get(base, { preHandler: requireOwner }, async (request) => {
    const query = parseBody(variantRef.extend(cursorQuery.shape), request.query);
    const rows = await listSignups(
      db,
      request.site.id,
      query.productId,
      query.variantId,
      decodeCursor(query.cursor, 2),
    );
    const { page, hasNextPage, nextPageCursor } = paginate(rows, PAGE_SIZE, (r) => [r.cursorAt, r.id]);
    return { signUps: page.map(({ cursorAt: _, ...r }) => r), hasNextPage, nextPageCursor };
  });

  app.post(`${base}/send`, { preHandler: requireOwner }, async (request) => {
    const body = parseBody(variantRef, request.body);
    const result = await sendRestock(db, { websiteId: request.site.id, ...body, origin: originOf(request) });
    if (!result.ok)
      throw new ApiError(
        result.code,
        result.code === 'NOT_FOUND' ? 'That product variant does not exist.' : undefined,
      );
    app.outboxKick?.();
    return { sent: result.sent };
  });

  app.post(`${base}/send/all`, { preHandler: requireOwner }, async (request) => {
    const body = parseBody(sendAllSchema, request.body);
    const results = [];
    for (const ref of body.sendRequests) {
      const result = await sendRestock(db, { websiteId: request.site.id, ...ref, origin: originOf(request) });
      results.push(result.ok ? { ...ref, sent: result.sent } : { ...ref, sent: 0, error: result.code });
    }
    app.outboxKick?.();
    return { results };
  });
}
