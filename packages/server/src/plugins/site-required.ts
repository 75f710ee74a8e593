import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ApiError } from '../errors';
import { isApiPath } from './error-contract';

/** The calls that make sense before a deployment has its first site. */
const WITHOUT_SITE = new Set(['/api/setup', '/api/studio/session', '/api/openapi.json', '/api/docs']);

/**
 * On a deployment with no site yet (no host matches and there is no default site), API calls
 * other than setup answer 503 with what to do, instead of failing on the missing site. Pages
 * answer "coming soon" (pages.routes.ts); the studio asks for the session, gets 401, and shows
 * the setup screen.
 */
export const siteRequired = fp(async (app: FastifyInstance) => {
  app.addHook('preHandler', (request, _reply, done) => {
    if (request.site) return done();
    const route = request.routeOptions.url ?? '';
    if (!isApiPath(route) || WITHOUT_SITE.has(route)) return done();
    done(new ApiError('SERVICE_UNAVAILABLE', 'No site is set up yet. Open /config to set one up.'));
  });
});
