import { eq } from 'drizzle-orm';
import { schemaOf, zodRoutes } from './api-schema';
import type { FastifyInstance } from 'fastify';
import { siteUsers } from '../db/schema/index';
import { ApiError } from '../errors';
import { currentSiteUser } from '../plugins/owner-auth';
import { LANGUAGE_COOKIE, languageCookie } from '../services/languages/page-language';
import { findAccountByEmail } from '../services/site-users/accounts';
import {
  sessionCookieOptions,
  setInfoCookie,
  startAccountSession,
} from '../services/site-users/account-session';
import { dummyHash, verifyPassword } from '../services/site-users/password';
import { SESSION_COOKIE, deleteSession } from '../services/site-users/sessions';

export const CART_COOKIE = 'CART';
export const INVALID_LOGIN = 'Your email or password is incorrect.';

/**
 * Site-user accounts (spec §7): sign in, sign out, language. Failed sign-ins are limited
 * per account and per client address (in process; see README for Redis).
 */
export async function siteUserRoutes(
  app: FastifyInstance,
  options: { limits?: { account: number; address: number } } = {},
) {
  const perAccount = app.limits.limiter('sign-in-account', options.limits?.account ?? 5, 15 * 60_000);
  const perAddress = app.limits.limiter('sign-in-address', options.limits?.address ?? 20, 15 * 60_000);

  const api = zodRoutes(app);
  api.post(
    '/api/site-users/account/session',
    { schema: schemaOf('POST /api/site-users/account/session') },
    async (request, reply) => {
      const body = request.body;
      const site = request.site;
      const accountKey = `${site.id}:${body.email.toLowerCase()}`;
      const addressKey = `${site.id}:${request.ip}`;
      // Count the attempt *before* checking the password: concurrent guesses each take a
      // slot first, so 100 sent at once cannot all be checked under a limit of 5.
      const [accountOver, addressOver] = await Promise.all([
        perAccount.hit(accountKey),
        perAddress.hit(addressKey),
      ]);
      if (accountOver || addressOver) {
        throw new ApiError('RATE_LIMITED', 'Too many sign-in attempts. Please try again later.');
      }
      const account = await findAccountByEmail(app.database.db, site.id, body.email);
      const ok = await verifyPassword(body.password, account?.passwordHash ?? (await dummyHash()));
      if (!account || !ok) throw new ApiError('UNAUTHORIZED', INVALID_LOGIN);
      // A success clears the account's failures and gives the address its attempt back.
      await Promise.all([perAccount.reset(accountKey), perAddress.undo(addressKey)]);
      // The language the account chose (locale call) follows it to this browser.
      if (account.language) reply.setCookie(LANGUAGE_COOKIE, account.language, languageCookie(request));
      return startAccountSession(request, reply, account, body.rememberMe);
    },
  );

  api.delete(
    '/api/site-users/account/session',
    { schema: schemaOf('DELETE /api/site-users/account/session') },
    async (request, reply) => {
      await deleteSession(app.database.db, request.cookies[SESSION_COOKIE]);
      reply.clearCookie(SESSION_COOKIE, sessionCookieOptions(request));
      setInfoCookie(request, reply, { authenticated: false, siteUserId: null });
      // The signed-in cart belongs to the account; without cloneCart the visitor starts empty.
      if (request.query.cloneCart !== 'true') {
        reply.clearCookie(CART_COOKIE, sessionCookieOptions(request));
        reply.clearCookie('hasCart', sessionCookieOptions(request));
      }
      return { ok: true };
    },
  );

  api.post(
    '/api/site-users/account/locale',
    { schema: schemaOf('POST /api/site-users/account/locale') },
    async (request, reply) => {
      const body = request.body;
      // Pages read the cookie (with `?lang=` first): the next page comes in this language
      // when the site offers it, else in the default language.
      reply.setCookie(LANGUAGE_COOKIE, body.language, languageCookie(request));
      const user = await currentSiteUser(request);
      if (user) {
        await app.database.db
          .update(siteUsers)
          .set({ language: body.language })
          .where(eq(siteUsers.id, user.id));
      }
      return { language: body.language };
    },
  );
}
