import { isCartToken } from '@store/commerce';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CartOwner } from '../services/cart/cart-store';

export const CART_COOKIE = 'CART';
export const HAS_CART_COOKIE = 'hasCart';
const THIRTY_DAYS = 30 * 24 * 3600;

/** Whose cart this request addresses: the signed-in site user's, else the CART cookie's. */
export function cartOwner(request: FastifyRequest, explicitToken?: string): CartOwner {
  const cookie = request.cookies[CART_COOKIE];
  const token = explicitToken ?? (isCartToken(cookie) ? cookie : undefined);
  if (request.siteUserId && !explicitToken)
    return { websiteId: request.site.id, siteUserId: request.siteUserId };
  return { websiteId: request.site.id, token };
}

/**
 * The runtime reads both cookies to decide whether to load the cart at page start
 * (spec §4 "Cart loading"), so they are not HttpOnly.
 */
export function setCartCookies(request: FastifyRequest, reply: FastifyReply, token: string): void {
  const options = {
    path: '/',
    sameSite: 'lax' as const,
    secure: request.protocol === 'https',
    maxAge: THIRTY_DAYS,
  };
  reply.setCookie(CART_COOKIE, token, options);
  reply.setCookie(HAS_CART_COOKIE, 'true', options);
}

export function clearCartCookies(reply: FastifyReply): void {
  reply.clearCookie(CART_COOKIE, { path: '/' });
  reply.clearCookie(HAS_CART_COOKIE, { path: '/' });
}
