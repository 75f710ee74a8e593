import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ApiError } from '../errors';
import { decideLiveChange, decideRoute, deniedMessage } from './permissions';
import { SESSION_COOKIE, type SignedInUser, findSession } from '../services/site-users/sessions';
import { findApiTokenUser } from '../services/api-tokens/api-tokens';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireOwner / currentSiteUser: the signed-in account on request.site. */
    siteUser?: SignedInUser | null;
    /** The signed-in account's id (read by the cart area to find the user's cart). */
    siteUserId?: string;
    /** The caller came with an owner API token (`Authorization: Bearer`), not a session cookie. */
    viaApiToken?: boolean;
  }
}

/** The token of `Authorization: Bearer <token>`, if the request has one. */
function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (typeof header !== 'string' || !/^bearer /i.test(header)) return undefined;
  return header.slice(7).trim();
}

/** The account signed in on this request's website (cached on the request), or null. */
export async function currentSiteUser(request: FastifyRequest): Promise<SignedInUser | null> {
  if (request.siteUser !== undefined) return request.siteUser;
  if (!request.site) return null;
  // An API token acts as its contributor role (docs/api-tokens.md); it never falls back to a cookie.
  const token = bearerToken(request);
  const user =
    token !== undefined
      ? await findApiTokenUser(request.server.database.db, request.site.id, token)
      : await findSession(request.server.database.db, request.site.id, request.cookies[SESSION_COOKIE]);
  request.siteUser = user;
  if (user && token !== undefined) request.viaApiToken = true;
  return user;
}

/**
 * The gate of every owner-only endpoint (`app.addHook('preValidation', requireOwner)`): 401
 * when nobody is signed in on this website, 403 for a customer. The site's OWNER passes;
 * a CONTRIBUTOR passes when the permission table (plugins/permissions.ts) lets its role use
 * the matched route (`METHOD pattern`), else 403 saying what the role cannot do. A route
 * missing from the table is refused to contributors (fail closed).
 */
export async function requireOwner(request: FastifyRequest): Promise<void> {
  const user = await currentSiteUser(request);
  if (!user) throw new ApiError('UNAUTHORIZED');
  if (user.websiteId !== request.site?.id) throw new ApiError('FORBIDDEN');
  if (user.role === 'OWNER') return;
  if (user.role !== 'CONTRIBUTOR') throw new ApiError('FORBIDDEN');
  const decision = decideRoute(user.contributorRole, request.method, request.routeOptions.url ?? '');
  if (!decision.ok) throw new ApiError('FORBIDDEN', deniedMessage(user.contributorRole, decision));
}

/**
 * Called by a handler (after requireOwner) when this request would change what visitors see
 * at once: 403 unless the role also holds the route's `live` capability (plugins/permissions.ts).
 */
export function requireLiveChange(request: FastifyRequest): void {
  const user = request.siteUser;
  if (!user) throw new ApiError('UNAUTHORIZED');
  if (user.role === 'OWNER') return;
  const decision = decideLiveChange(user.contributorRole, request.method, request.routeOptions.url ?? '');
  if (!decision.ok) throw new ApiError('FORBIDDEN', deniedMessage(user.contributorRole, decision));
}

/**
 * For routes that also serve visitors (an order read with its token): is the signed-in
 * account the owner, or a contributor whose role may use this route? Never throws.
 */
export async function isStaffForRoute(request: FastifyRequest): Promise<boolean> {
  const user = await currentSiteUser(request);
  if (!user || user.websiteId !== request.site?.id) return false;
  if (user.role === 'OWNER') return true;
  return (
    user.role === 'CONTRIBUTOR' &&
    decideRoute(user.contributorRole, request.method, request.routeOptions.url ?? '').ok
  );
}

/**
 * For a site page that only the studio's people may open (the digital product preview, page
 * type 210): may the signed-in account use the owner route `METHOD pattern` of the permission
 * table? The owner always; a contributor when its role holds that route's capability.
 */
export async function mayUseOwnerRoute(request: FastifyRequest, route: string): Promise<boolean> {
  const user = await currentSiteUser(request);
  if (!user || user.websiteId !== request.site?.id) return false;
  if (user.role === 'OWNER') return true;
  const [method = '', url = ''] = route.split(' ', 2);
  return user.role === 'CONTRIBUTOR' && decideRoute(user.contributorRole, method, url).ok;
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
