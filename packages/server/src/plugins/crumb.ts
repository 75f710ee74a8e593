import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ApiError } from '../errors';
import { serverSecret } from '../services/server-secret';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** `crumb: false` opts a route out of the CSRF check (beacons: sendBeacon cannot send the header). */
    crumb?: boolean;
    /**
     * `formBody: true` lets a route take an `application/x-www-form-urlencoded` body (spec §7:
     * RecordEvent, RecordHit, the lock screen); the crumb may then travel as a `crumb` field.
     * Every other route refuses form bodies with 415, so a cross-site HTML form cannot reach it.
     */
    formBody?: boolean;
    /**
     * `fileUpload: true` lets a route take `multipart/form-data` (the studio's media upload); the
     * crumb must still come in `X-CSRF-Token`, which a cross-site form cannot send.
     */
    fileUpload?: boolean;
  }
  interface FastifyInstance {
    /** Signs crumbs with the server secret kept in the database (shared by every process). */
    crumbs: { issue(websiteId: string): string; valid(websiteId: string, crumb: string): boolean };
  }
}

export const CRUMB_COOKIE = 'crumb';
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const FORM_TYPES = /^\s*(application\/x-www-form-urlencoded|multipart\/form-data)\b/i;
const MULTIPART = /^\s*multipart\/form-data\b/i;
const CRUMB_SHAPE = /^[A-Za-z0-9_-]{16,32}\.[A-Za-z0-9_-]{43}$/;

function sameToken(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** How many verified (site, crumb) pairs a process remembers (a few hundred KB at most). */
const VERIFIED_MAX = 10_000;

/**
 * A crumb is `nonce.HMAC(secret, websiteId.nonce)`. A cookie planted from a sibling
 * subdomain (another site on the platform) cannot carry a valid signature for this site,
 * so double-submitting it is refused.
 *
 * A signature checked once stays valid for this secret, so verified pairs are remembered
 * (one HMAC per visitor, not per request). Only crumbs that passed the full check are kept,
 * keyed by site and crumb: a forged crumb is never in the map and always gets the HMAC, and
 * junk cannot fill the map. Bounded: when full, it starts over (a miss costs one HMAC).
 */
export function crumbSigner(secret: Buffer) {
  const sign = (websiteId: string, nonce: string) =>
    createHmac('sha256', secret).update(`${websiteId}.${nonce}`).digest('base64url');
  const verified = new Set<string>();
  return {
    issue(websiteId: string) {
      const nonce = randomBytes(18).toString('base64url');
      return `${nonce}.${sign(websiteId, nonce)}`;
    },
    valid(websiteId: string, crumb: string) {
      if (!CRUMB_SHAPE.test(crumb)) return false;
      // A space cannot occur in a crumb (CRUMB_SHAPE), so the key is unambiguous.
      const key = `${websiteId} ${crumb}`;
      if (verified.has(key)) return true;
      const dot = crumb.indexOf('.');
      if (!sameToken(crumb.slice(dot + 1), sign(websiteId, crumb.slice(0, dot)))) return false;
      if (verified.size >= VERIFIED_MAX) verified.clear();
      verified.add(key);
      return true;
    },
  };
}

const siteIdOf = (request: FastifyRequest) => request.site?.id ?? '-';

/** Ensure the visitor has a valid crumb cookie for this site (set on page responses). */
export function ensureCrumb(request: FastifyRequest, reply: FastifyReply): string {
  const crumbs = request.server.crumbs;
  const existing = request.cookies[CRUMB_COOKIE];
  if (existing && crumbs.valid(siteIdOf(request), existing)) return existing;
  const crumb = crumbs.issue(siteIdOf(request));
  reply.setCookie(CRUMB_COOKIE, crumb, {
    path: '/',
    sameSite: 'lax',
    secure: request.protocol === 'https',
    httpOnly: false, // the runtime echoes it in X-CSRF-Token
  });
  return crumb;
}

/**
 * CSRF crumb (signed double-submit). Decided by the *matched route*, never by URL text
 * (`/%61pi/…` reaches the same handler as `/api/…`): every state-changing route checks
 * unless it opts out with `config: { crumb: false }`. The `crumb` cookie must be signed for
 * this site and echoed in `X-CSRF-Token` (or, on `formBody` routes only, a `crumb` field).
 * Missing or wrong → 403 `{ crumbFail: true, error }`.
 */
export const crumbProtection = fp(async (app: FastifyInstance) => {
  app.decorate('crumbs', crumbSigner(await serverSecret(app.database.db, 'crumb')));

  // Before the body is parsed: a form-encoded body only where the spec sends one.
  // Callback hooks, not async ones: no promise per request on every route. The route's
  // config (which carries its url) is read once: `routeOptions` builds a new object per read.
  app.addHook('onRequest', (request, _reply, done) => {
    const config = request.routeOptions.config;
    if (!config?.url || config.formBody === true) return done();
    const type = request.headers['content-type'];
    if (typeof type !== 'string' || !FORM_TYPES.test(type)) return done();
    if (config.fileUpload === true && MULTIPART.test(type)) return done();
    done(new ApiError('UNSUPPORTED_MEDIA_TYPE'));
  });

  app.addHook('preHandler', (request, _reply, done) => {
    if (!STATE_CHANGING.has(request.method)) return done();
    const config = request.routeOptions.config;
    if (!config?.url || config.crumb === false) return done();
    // A caller authenticated by an API token (owner-auth.ts) sent it in a header no other
    // site can make a browser send: there is no cookie to forge, so no crumb to check.
    if (request.viaApiToken === true) return done();
    const cookie = request.cookies[CRUMB_COOKIE];
    const header = request.headers['x-csrf-token'];
    const body = request.body as Record<string, unknown> | undefined;
    const sent =
      typeof header === 'string'
        ? header
        : config.formBody === true && body && typeof body === 'object' && typeof body.crumb === 'string'
          ? body.crumb
          : undefined;
    if (!cookie || !sent || !sameToken(cookie, sent) || !app.crumbs.valid(siteIdOf(request), cookie)) {
      return done(new ApiError('CRUMB_FAIL', undefined, { crumbFail: true }));
    }
    done();
  });
});
