import { at, zodRoutes } from './api-schema';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../errors';
import { currentSiteUser } from '../plugins/owner-auth';
import { LANGUAGE_COOKIE, languageCookie } from '../services/languages/page-language';
import { findAccountByEmail, setAccountLanguage } from '../services/site-users/accounts';
import { sessionCookieOptions, setInfoCookie, startAccountSession } from './account-cookies';
import { type SignInLimits, signInThrottle } from '../services/limits/sign-in-throttle';
import { dummyHash, verifyPassword } from '../services/site-users/password';
import { type Clock, systemClock } from '../services/account-security/clock';
import { openSignInChallenge } from '../services/account-security/sign-in-challenge';
import { twoFactorEnabled } from '../services/account-security/two-factor';
import { SESSION_COOKIE, deleteSession } from '../services/site-users/sessions';

export const CART_COOKIE = 'CART';
export const INVALID_LOGIN = 'Your email or password is incorrect.';

/**
 * Site-user accounts (spec §7): sign in, sign out, language. Sign-ins (the studio's too) are
 * throttled by account and address pair, by address and by account without letting anyone
 * lock another person out (services/limits/sign-in-throttle.ts; Redis-backed with REDIS_URL).
 */
export async function siteUserRoutes(
  app: FastifyInstance,
  options: { limits?: SignInLimits; now?: Clock } = {},
) {
  const throttle = signInThrottle(app.limits.limiter, options.limits);
  const now = options.now ?? systemClock;

  const api = zodRoutes(app);
  api.post(...at('POST /api/site-users/account/session'), async (request, reply) => {
    const body = request.body;
    const site = request.site;
    // Counted *before* the password is checked: concurrent guesses each take a slot
    // first, so 100 sent at once cannot all be checked under a limit of 5.
    const attempt = await throttle.attempt(site.id, body.email, request.ip);
    if (attempt.refused) {
      throw new ApiError('RATE_LIMITED', 'Too many sign-in attempts. Please try again later.');
    }
    const account = await findAccountByEmail(app.database.db, site.id, body.email);
    const ok = await verifyPassword(body.password, account?.passwordHash ?? (await dummyHash()));
    if (!account || !ok) throw new ApiError('UNAUTHORIZED', INVALID_LOGIN);
    await attempt.succeeded();
    // Staff with two-step sign-in: no session yet, a ticket for the code step (routes/two-factor.routes.ts).
    if (account.role !== 'SITE_USER' && (await twoFactorEnabled(app.database.db, account.id))) {
      const ticket = await openSignInChallenge(app.database.db, account, body.rememberMe, now());
      return { twoFactorRequired: true as const, ticket };
    }
    // The language the account chose (locale call) follows it to this browser.
    if (account.language) reply.setCookie(LANGUAGE_COOKIE, account.language, languageCookie(request));
    return startAccountSession(request, reply, account, body.rememberMe);
  });

  api.delete(...at('DELETE /api/site-users/account/session'), async (request, reply) => {
    await deleteSession(app.database.db, request.cookies[SESSION_COOKIE]);
    reply.clearCookie(SESSION_COOKIE, sessionCookieOptions(request));
    setInfoCookie(request, reply, { authenticated: false, siteUserId: null });
    // The signed-in cart belongs to the account; without cloneCart the visitor starts empty.
    if (request.query.cloneCart !== 'true') {
      reply.clearCookie(CART_COOKIE, sessionCookieOptions(request));
      reply.clearCookie('hasCart', sessionCookieOptions(request));
    }
    return { ok: true };
  });

  api.post(...at('POST /api/site-users/account/locale'), async (request, reply) => {
    const body = request.body;
    // Pages read the cookie (with `?lang=` first): the next page comes in this language
    // when the site offers it, else in the default language.
    reply.setCookie(LANGUAGE_COOKIE, body.language, languageCookie(request));
    const user = await currentSiteUser(request);
    if (user) await setAccountLanguage(app.database.db, user.id, body.language);
    return { language: body.language };
  });
}
