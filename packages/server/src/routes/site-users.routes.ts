import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { siteUsers } from '../db/schema/index';
import { ApiError } from '../errors';
import { currentSiteUser } from '../plugins/owner-auth';
import { findAccountByEmail } from '../services/site-users/accounts';
import { mergeGuestCartOnLogin } from '../services/site-users/guest-cart-merge';
import { dummyHash, verifyPassword } from '../services/site-users/password';
import { RateLimiter } from '../services/site-users/rate-limiter';
import {
  REMEMBER_ME_MS,
  SESSION_COOKIE,
  SITE_USER_INFO_COOKIE,
  createSession,
  deleteSession,
} from '../services/site-users/sessions';
import { parseBody } from './forms-parse';

const loginSchema = z.object({
  email: z.string().trim().min(1).max(256),
  password: z.string().min(1).max(1024),
  rememberMe: z.boolean().optional().default(false),
});
const localeSchema = z.object({
  language: z
    .string()
    .max(35)
    .regex(/^[A-Za-z]{2,3}([-_][A-Za-z0-9]{2,8})*$/, 'language must be a language tag such as en-US'),
});
const logoutQuery = z.object({ cloneCart: z.enum(['true', 'false']).optional() });

export const CART_COOKIE = 'CART';
export const INVALID_LOGIN = 'Your email or password is incorrect.';

function cookieOptions(request: FastifyRequest) {
  return { path: '/', sameSite: 'lax' as const, secure: request.protocol === 'https' };
}

/** JSON value; @fastify/cookie URI-encodes it (the runtime reads it with decodeURIComponent). */
function setInfoCookie(request: FastifyRequest, reply: FastifyReply, info: object, maxAge?: number) {
  reply.setCookie(SITE_USER_INFO_COOKIE, JSON.stringify(info), {
    ...cookieOptions(request),
    httpOnly: false, // read by the storefront runtime (spec §9: SiteUserInfo)
    ...(maxAge ? { maxAge } : {}),
  });
}

/**
 * Site-user accounts (spec §7): sign in, sign out, language. Failed sign-ins are limited
 * per account and per client address (in process; see README for Redis).
 */
export async function siteUserRoutes(
  app: FastifyInstance,
  options: { limits?: { account: number; address: number } } = {},
) {
  const perAccount = new RateLimiter(options.limits?.account ?? 5, 15 * 60_000);
  const perAddress = new RateLimiter(options.limits?.address ?? 20, 15 * 60_000);

  app.post('/api/site-users/account/session', async (request, reply) => {
    const body = parseBody(loginSchema, request.body);
    const site = request.site;
    const accountKey = `${site.id}:${body.email.toLowerCase()}`;
    const addressKey = `${site.id}:${request.ip}`;
    if (perAccount.isLimited(accountKey) || perAddress.isLimited(addressKey)) {
      throw new ApiError('RATE_LIMITED', 'Too many sign-in attempts. Please try again later.');
    }
    const account = await findAccountByEmail(app.database.db, site.id, body.email);
    const ok = await verifyPassword(body.password, account?.passwordHash ?? (await dummyHash()));
    if (!account || !ok) {
      perAccount.hit(accountKey);
      perAddress.hit(addressKey);
      throw new ApiError('UNAUTHORIZED', INVALID_LOGIN);
    }
    perAccount.reset(accountKey);
    const session = await createSession(app.database.db, account, body.rememberMe);
    const maxAge = body.rememberMe ? Math.floor(REMEMBER_ME_MS / 1000) : undefined;
    reply.setCookie(SESSION_COOKIE, session.token, {
      ...cookieOptions(request),
      httpOnly: true,
      ...(maxAge ? { maxAge } : {}),
    });
    setInfoCookie(request, reply, { authenticated: true, siteUserId: account.id }, maxAge);
    const cartToken = await mergeGuestCartOnLogin(app.database.db, {
      websiteId: site.id,
      guestCartToken: request.cookies[CART_COOKIE],
      siteUserId: account.id,
    });
    if (cartToken) {
      // Same cookies as the cart area sets (read by the runtime to decide whether to load the cart).
      const cart = { ...cookieOptions(request), maxAge: 30 * 24 * 3600 };
      reply.setCookie(CART_COOKIE, cartToken, cart);
      reply.setCookie('hasCart', 'true', cart);
    }
    return { xsrfToken: session.xsrfToken };
  });

  app.delete('/api/site-users/account/session', async (request, reply) => {
    const query = logoutQuery.safeParse(request.query);
    if (!query.success) throw new ApiError('BAD_REQUEST', 'cloneCart must be true or false.');
    await deleteSession(app.database.db, request.cookies[SESSION_COOKIE]);
    reply.clearCookie(SESSION_COOKIE, cookieOptions(request));
    setInfoCookie(request, reply, { authenticated: false, siteUserId: null });
    // The signed-in cart belongs to the account; without cloneCart the visitor starts empty.
    if (query.data.cloneCart !== 'true') {
      reply.clearCookie(CART_COOKIE, cookieOptions(request));
      reply.clearCookie('hasCart', cookieOptions(request));
    }
    return { ok: true };
  });

  app.post('/api/site-users/account/locale', async (request) => {
    const body = parseBody(localeSchema, request.body);
    const user = await currentSiteUser(request);
    if (user) {
      await app.database.db
        .update(siteUsers)
        .set({ language: body.language })
        .where(eq(siteUsers.id, user.id));
    }
    return { language: body.language };
  });
}
