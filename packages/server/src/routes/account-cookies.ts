import type { FastifyReply, FastifyRequest } from 'fastify';
import { openAccountSession } from '../services/site-users/account-session';
import { SESSION_COOKIE, SITE_USER_INFO_COOKIE } from '../services/site-users/sessions';
import { CART_COOKIE, setCartCookies } from './cart-identity';

export function sessionCookieOptions(request: FastifyRequest) {
  return { path: '/', sameSite: 'lax' as const, secure: request.protocol === 'https' };
}

/** JSON value; @fastify/cookie URI-encodes it (the runtime reads it with decodeURIComponent). */
export function setInfoCookie(request: FastifyRequest, reply: FastifyReply, info: object, maxAge?: number) {
  reply.setCookie(SITE_USER_INFO_COOKIE, JSON.stringify(info), {
    ...sessionCookieOptions(request),
    httpOnly: false, // read by the storefront runtime (spec §9: SiteUserInfo)
    ...(maxAge ? { maxAge } : {}),
  });
}

/**
 * Sign the account in on this response: the service opens the session and merges the guest
 * cart (services/site-users/account-session.ts); here its result becomes the session,
 * SiteUserInfo and cart cookies.
 */
export async function startAccountSession(
  request: FastifyRequest,
  reply: FastifyReply,
  account: Parameters<typeof openAccountSession>[1],
  rememberMe: boolean,
): Promise<{ xsrfToken: string }> {
  const session = await openAccountSession(
    request.server.database.db,
    account,
    rememberMe,
    request.cookies[CART_COOKIE],
  );
  const maxAge = session.maxAgeSeconds;
  reply.setCookie(SESSION_COOKIE, session.sessionToken, {
    ...sessionCookieOptions(request),
    httpOnly: true,
    ...(maxAge ? { maxAge } : {}),
  });
  setInfoCookie(request, reply, session.info, maxAge);
  // Same cookies as the cart area sets (read by the runtime to decide whether to load the cart).
  if (session.cartToken) setCartCookies(request, reply, session.cartToken);
  return { xsrfToken: session.xsrfToken };
}
