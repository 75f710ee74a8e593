import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { clientKey } from '../plugins/limits';
import { valueOrFail } from '../reasons';
import { type Clock, systemClock } from '../services/account-security/clock';
import {
  checkPasswordReset,
  completePasswordReset,
  sendPasswordReset,
} from '../services/account-security/password-reset';
import { LANGUAGE_COOKIE, languageCookie } from '../services/languages/page-language';
import { signInThrottle } from '../services/limits/sign-in-throttle';
import { normaliseEmail } from '../services/site-users/accounts';
import { sessionCookieOptions, setInfoCookie, startAccountSession } from './account-cookies';
import { SESSION_COOKIE } from '../services/site-users/sessions';
import { at, zodRoutes } from './api-schema';

/** Requests for a link: per client address and site, and per e-mail address and site. */
export const RESET_REQUEST_LIMITS = {
  address: { name: 'password-reset-address', max: 10, windowMs: 15 * 60_000 },
  email: { name: 'password-reset-email', max: 3, windowMs: 60 * 60_000 },
};
/** Uses of a link (checks and new passwords) per client address and site; tokens are 256-bit. */
export const RESET_LINK_LIMIT = { name: 'password-reset-link', max: 30, windowMs: 15 * 60_000 };

declare module 'fastify' {
  interface FastifyInstance {
    /** Reset mail being written after its answer went out (awaited on close, and by tests). */
    passwordResetMail: { settled(): Promise<void> };
  }
}

/**
 * "Forgot password?" for every account of the site (customers, the owner, contributors): ask
 * for a link, check it, choose the new password. Asking answers 202 at once, the same for
 * every address: whether the address has an account is looked up, and its mail written,
 * after the answer has gone, so neither the answer nor its timing tells anything. Only the
 * limits (counted alike for every address) can refuse it.
 */
export const passwordResetRoutes = fp(
  async (app: FastifyInstance, options: { now?: Clock }) => {
    const now = options.now ?? systemClock;
    const db = app.database.db;
    const pending = new Set<Promise<void>>();
    app.decorate('passwordResetMail', {
      async settled() {
        await Promise.allSettled([...pending]);
      },
    });
    app.addHook('onClose', () => app.passwordResetMail.settled());
    const byAddress = app.limits.limiter(
      RESET_REQUEST_LIMITS.address.name,
      RESET_REQUEST_LIMITS.address.max,
      RESET_REQUEST_LIMITS.address.windowMs,
    );
    const byEmail = app.limits.limiter(
      RESET_REQUEST_LIMITS.email.name,
      RESET_REQUEST_LIMITS.email.max,
      RESET_REQUEST_LIMITS.email.windowMs,
    );
    const throttle = signInThrottle(app.limits.limiter);

    await app.register(async (scope) => {
      const api = zodRoutes(scope);

      api.post(...at('POST /api/site-users/account/password-reset'), async (request, reply) => {
        const site = request.site;
        const email = normaliseEmail(request.body.email);
        const [addressOver, emailOver] = await Promise.all([
          byAddress.hit(clientKey(request)),
          byEmail.hit(`${site.id}:${email}`),
        ]);
        if (addressOver || emailOver) valueOrFail({ ok: false, reason: 'RESET_RATE_LIMITED' });
        const work = sendPasswordReset(db, site, email, now()).catch((error: unknown) => {
          request.log.error({ err: error }, 'password reset mail could not be queued');
        });
        pending.add(work);
        void work.finally(() => pending.delete(work));
        return reply.code(202).send({ ok: true });
      });

      api.post(
        ...at('POST /api/site-users/account/password-reset/check', { config: { limit: RESET_LINK_LIMIT } }),
        async (request) =>
          valueOrFail(await checkPasswordReset(db, request.site.id, request.body.token, now())),
      );

      api.post(
        ...at('POST /api/site-users/account/password-reset/complete', {
          config: { limit: RESET_LINK_LIMIT },
        }),
        async (request, reply) => {
          const account = valueOrFail(await completePasswordReset(db, request.site.id, request.body, now()));
          await throttle.forgive(request.site.id, account.email, request.ip);
          if (account.twoFactor) {
            // Every session ended, this browser's too: the person signs in with password and code.
            reply.clearCookie(SESSION_COOKIE, sessionCookieOptions(request));
            setInfoCookie(request, reply, { authenticated: false, siteUserId: null });
            return { signedIn: false as const, twoFactorRequired: true as const };
          }
          if (account.language) reply.setCookie(LANGUAGE_COOKIE, account.language, languageCookie(request));
          const session = await startAccountSession(request, reply, account, false);
          return { signedIn: true as const, xsrfToken: session.xsrfToken };
        },
      );
    });
  },
  { name: 'password-reset-routes' },
);
