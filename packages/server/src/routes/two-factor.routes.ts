import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireOwner } from '../plugins/owner-auth';
import { type Outcome, type Reason, valueOrFail } from '../reasons';
import { type Clock, systemClock } from '../services/account-security/clock';
import { type CodeAttempts, answerSignInChallenge } from '../services/account-security/sign-in-challenge';
import {
  type Staff,
  beginTwoFactor,
  confirmTwoFactor,
  disableTwoFactor,
  renewRecoveryCodes,
  twoFactorStatus,
} from '../services/account-security/two-factor';
import { LANGUAGE_COOKIE, languageCookie } from '../services/languages/page-language';
import { secretBoxFor } from '../services/payments/secret-box';
import { startAccountSession } from './account-cookies';
import type { SignedInUser } from '../services/site-users/sessions';
import { at, zodRoutes } from './api-schema';

/** Wrong codes per account in 15 minutes, across sign-in tickets and the studio's calls. */
export const CODE_ATTEMPT_LIMIT = { name: 'two-factor-account', max: 10, windowMs: 15 * 60_000 };
/** Code steps per client address and site in 15 minutes (each also needs a ticket). */
export const CODE_ADDRESS_LIMIT = { name: 'two-factor-address', max: 30, windowMs: 15 * 60_000 };

const GUESSES: ReadonlySet<Reason> = new Set(['TWO_FACTOR_CODE_WRONG', 'PASSWORD_WRONG']);

const staffOf = (request: FastifyRequest): Staff => {
  const user = request.siteUser as SignedInUser;
  return { id: user.id, websiteId: user.websiteId, email: user.email };
};

/**
 * Two-step sign-in for the owner and contributors: the code step after a right password
 * (POST /api/site-users/account/session answers a ticket instead of a session when the
 * account has it on), and the studio's set-up, recovery codes and switch-off, each on the
 * signed-in person's own account. Every code attempt is counted per account before it is
 * checked, in the app's limit store (Redis with REDIS_URL).
 */
export async function twoFactorRoutes(app: FastifyInstance, options: { now?: Clock } = {}) {
  const now = options.now ?? systemClock;
  const db = app.database.db;
  const box = () => secretBoxFor(app.config, app.database.kind);
  const limiter = app.limits.limiter(
    CODE_ATTEMPT_LIMIT.name,
    CODE_ATTEMPT_LIMIT.max,
    CODE_ATTEMPT_LIMIT.windowMs,
  );
  const attempts: CodeAttempts = {
    take: (siteUserId) => limiter.hit(siteUserId),
    giveBack: (siteUserId) => limiter.undo(siteUserId),
  };
  /** A studio call that checks a code: counted like a sign-in code, given back when it passes. */
  async function counted<T>(request: FastifyRequest, work: () => Promise<Outcome<T>>): Promise<T> {
    const staff = staffOf(request);
    if (await attempts.take(staff.id))
      return valueOrFail<T>({ ok: false, reason: 'TWO_FACTOR_RATE_LIMITED' });
    const outcome = await work();
    // A guess (of the code or the password) keeps its count; anything else is given back.
    if (outcome.ok || !GUESSES.has(outcome.reason)) await attempts.giveBack(staff.id);
    return valueOrFail(outcome);
  }

  await app.register(async (scope) => {
    const api = zodRoutes(scope);
    api.post(
      ...at('POST /api/site-users/account/session/two-factor', { config: { limit: CODE_ADDRESS_LIMIT } }),
      async (request, reply) => {
        const outcome = await answerSignInChallenge(
          db,
          box(),
          request.site.id,
          request.body,
          attempts,
          now(),
        );
        const account = valueOrFail(outcome);
        if (account.language) reply.setCookie(LANGUAGE_COOKIE, account.language, languageCookie(request));
        return startAccountSession(request, reply, account, account.rememberMe);
      },
    );
  });

  await app.register(async (studio) => {
    studio.addHook('onSend', (_request, reply, payload, done) => {
      reply.header('cache-control', 'no-store');
      done(null, payload);
    });
    // Before validation: a signed-out caller gets 401, not a 400 about its input.
    studio.addHook('preValidation', requireOwner);
    const api = zodRoutes(studio);

    api.get(...at('GET /api/studio/account/two-factor'), (request) =>
      twoFactorStatus(db, staffOf(request).id),
    );

    api.post(...at('POST /api/studio/account/two-factor/setup'), async (request, reply) => {
      const issuer = request.site.siteTitle || request.site.identifier;
      const setup = valueOrFail(await beginTwoFactor(db, box(), staffOf(request), issuer));
      return reply.code(201).send(setup);
    });

    api.post(...at('POST /api/studio/account/two-factor/confirm'), async (request) => {
      const done = await counted(request, () =>
        confirmTwoFactor(db, box(), staffOf(request), request.body.code, now()),
      );
      return { enabled: true as const, recoveryCodes: done.recoveryCodes };
    });

    api.post(...at('POST /api/studio/account/two-factor/recovery-codes'), (request) =>
      counted(request, () => renewRecoveryCodes(db, box(), staffOf(request), request.body, now())),
    );

    api.post(...at('POST /api/studio/account/two-factor/disable'), (request) =>
      counted(request, () => disableTwoFactor(db, box(), staffOf(request), request.body, now())),
    );
  });
}
