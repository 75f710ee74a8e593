import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ApiError } from '../errors';
import { SESSION_COOKIE, type SignedInUser, findSession } from '../services/site-users/sessions';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireOwner / currentSiteUser: the signed-in account on request.site. */
    siteUser?: SignedInUser | null;
    /** The signed-in account's id (read by the cart area to find the user's cart). */
    siteUserId?: string;
  }
}

/** The account signed in on this request's website (cached on the request), or null. */
export async function currentSiteUser(request: FastifyRequest): Promise<SignedInUser | null> {
  if (request.siteUser !== undefined) return request.siteUser;
  if (!request.site) return null;
  const user = await findSession(
    request.server.database.db,
    request.site.id,
    request.cookies[SESSION_COOKIE],
  );
  request.siteUser = user;
  return user;
}

/**
 * preHandler for owner-only endpoints: 401 when nobody is signed in on this website,
 * 403 when a site user (not an owner of request.site) is. Usage:
 * `app.get('/api/…', { preHandler: requireOwner }, handler)`.
 */
export async function requireOwner(request: FastifyRequest): Promise<void> {
  const user = await currentSiteUser(request);
  if (!user) throw new ApiError('UNAUTHORIZED');
  if (user.role !== 'OWNER' || user.websiteId !== request.site?.id) throw new ApiError('FORBIDDEN');
}

/**
 * Resolve the session cookie once per request (only when one is sent, so anonymous
 * traffic costs nothing) and expose `request.siteUserId` to every API area.
 */
export const siteUserSession = fp(async (app: FastifyInstance) => {
  // A callback hook: anonymous requests cost no promise.
  app.addHook('preHandler', (request, _reply, done) => {
    if (!request.cookies[SESSION_COOKIE]) return done();
    currentSiteUser(request).then((user) => {
      if (user) request.siteUserId = user.id;
      done();
    }, done);
  });
});
