import type { SiteUserRole } from '../../db/schema/site-users';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CART_COOKIE, setCartCookies } from '../../routes/cart-identity';
import { mergeGuestCartOnLogin } from './guest-cart-merge';
import { REMEMBER_ME_MS, SESSION_COOKIE, SITE_USER_INFO_COOKIE, createSession } from './sessions';

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
 * Start a signed-in session for an account whose credentials were just checked (sign-in) or
 * that was just created: the session and SiteUserInfo cookies, then the guest cart merged
 * into the account's. One path for both, so a new account behaves exactly like a sign-in.
 */
export async function startAccountSession(
  request: FastifyRequest,
  reply: FastifyReply,
  account: { id: string; websiteId: string; role: SiteUserRole; contributorRole?: number | null },
  rememberMe: boolean,
): Promise<{ xsrfToken: string }> {
  const db = request.server.database.db;
  const session = await createSession(db, account, rememberMe);
  const maxAge = rememberMe ? Math.floor(REMEMBER_ME_MS / 1000) : undefined;
  reply.setCookie(SESSION_COOKIE, session.token, {
    ...sessionCookieOptions(request),
    httpOnly: true,
    ...(maxAge ? { maxAge } : {}),
  });
  // `role` only for an owner or a contributor (with its spec §3 code): the cached pages carry
  // no per-visitor state, so the runtime reads it here to show the owner a link to the studio
  // and to leave the site's own people out of the visitor numbers (spec §6). It
  // grants nothing (the studio checks the session); a customer's cookie keeps the spec's two fields.
  const info = { authenticated: true, siteUserId: account.id };
  const staff =
    account.role === 'OWNER'
      ? { role: 'OWNER' }
      : account.role === 'CONTRIBUTOR'
        ? { role: 'CONTRIBUTOR', contributorRole: account.contributorRole ?? null }
        : {};
  setInfoCookie(request, reply, { ...info, ...staff }, maxAge);
  const cartToken = await mergeGuestCartOnLogin(db, {
    websiteId: account.websiteId,
    guestCartToken: request.cookies[CART_COOKIE],
    siteUserId: account.id,
  });
  // Same cookies as the cart area sets (read by the runtime to decide whether to load the cart).
  if (cartToken) setCartCookies(request, reply, cartToken);
  return { xsrfToken: session.xsrfToken };
}
