import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ApiError } from '../errors';
import { isApiPath } from './error-contract';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set `crumb: false` on beacon endpoints that cannot send the header (sendBeacon). */
    crumb?: boolean;
  }
}

export const CRUMB_COOKIE = 'crumb';
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function sameToken(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Ensure the visitor has a crumb cookie (set on page responses). */
export function ensureCrumb(request: FastifyRequest, reply: FastifyReply): string {
  const existing = request.cookies[CRUMB_COOKIE];
  if (existing && /^[A-Za-z0-9_-]{16,64}$/.test(existing)) return existing;
  const crumb = randomBytes(18).toString('base64url');
  reply.setCookie(CRUMB_COOKIE, crumb, {
    path: '/',
    sameSite: 'lax',
    secure: request.protocol === 'https',
    httpOnly: false, // the runtime echoes it in X-CSRF-Token
  });
  return crumb;
}

/**
 * CSRF crumb (double-submit): state-changing /api calls must echo the `crumb` cookie in
 * `X-CSRF-Token` (form-encoded beacons may send a `crumb` body field instead, spec §7).
 * Missing or wrong → 403 `{ crumbFail: true, error }`.
 */
export const crumbProtection = fp(async (app: FastifyInstance) => {
  app.addHook('preHandler', async (request) => {
    if (!STATE_CHANGING.has(request.method) || !isApiPath(request.url)) return;
    if (request.routeOptions.config?.crumb === false) return;
    const cookie = request.cookies[CRUMB_COOKIE];
    const header = request.headers['x-csrf-token'];
    const body = request.body as Record<string, unknown> | undefined;
    const sent =
      typeof header === 'string'
        ? header
        : body && typeof body === 'object' && typeof body.crumb === 'string'
          ? body.crumb
          : undefined;
    if (!cookie || !sent || !sameToken(cookie, sent)) {
      throw new ApiError('CRUMB_FAIL', undefined, { crumbFail: true });
    }
  });
});
