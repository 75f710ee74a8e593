import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../errors';
import { ensureCrumb } from '../plugins/crumb';
import { requireOwner } from '../plugins/owner-auth';
import { cleanPageContext } from '../pages/clean-page-context';
import { sendComingSoon, showsComingSoon } from '../pages/coming-soon';
import { buildPageContext } from '../pages/page-context';
import { RenderBudgetExceeded, budgetErrorPage } from '../pages/render-budget';
import { type PageRenderer, createPageRenderer } from '../pages/render-page';
import { type Reason, answerFor, valueOrFail } from '../reasons';
import {
  LANGUAGE_COOKIE,
  choosePageLanguage,
  languageCookie,
  localizePage,
} from '../services/languages/page-language';
import { listSiteLanguages } from '../services/languages/site-languages';
import { secretBoxFor } from '../services/payments/secret-box';
import { SESSION_COOKIE, deleteSession } from '../services/site-users/sessions';
import { issuerPolicy } from '../services/sso/issuer-guard';
import { accountForIdentity } from '../services/sso/sso-accounts';
import { beginSsoSignIn, checkSsoIssuer, finishSsoSignIn } from '../services/sso/sso-client';
import { FLOW_TTL_MS } from '../services/sso/sso-flow';
import {
  SSO_CALLBACK_PATH,
  loadSsoProvider,
  readSsoSettings,
  saveSsoSettings,
} from '../services/sso/sso-settings.service';
import { sessionCookieOptions, startAccountSession } from './account-cookies';
import { at, zodRoutes } from './api-schema';
import { publicOrigin } from './seo.routes';

/** The sealed sign-in in progress (services/sso/sso-flow.ts), sent back only to the SSO paths. */
export const SSO_FLOW_COOKIE = 'ssoFlow';
const FLOW_COOKIE_PATH = '/account/sso';
/** "Continue with …" per client address and site in 15 minutes (each one calls the provider). */
export const SSO_START_LIMIT = { name: 'sso-start', max: 30, windowMs: 15 * 60_000 };

/**
 * Sign-in with SSO (docs/sso.md). The owner's settings under /api/owner/sso (the permission
 * table's `domain` capability: owner and admins), and the visitor's three addresses:
 * /account/sso (the SSO page, page type 400: the button, or why a sign-in failed),
 * /account/sso/start (to the provider, authorization code + PKCE) and the callback, which
 * signs the visitor in exactly as the password sign-in does (session, SiteUserInfo, guest cart).
 */
export async function ssoRoutes(
  app: FastifyInstance,
  options: { renderer?: PageRenderer | undefined; now?: () => Date } = {},
): Promise<void> {
  const db = app.database.db;
  const renderer = options.renderer ?? createPageRenderer();
  const now = () => (options.now ?? (() => new Date()))().getTime();
  const secrets = () => secretBoxFor(app.config, app.database.kind);
  const policy = () => issuerPolicy(app.config);
  const startLimiter = app.limits.limiter(
    SSO_START_LIMIT.name,
    SSO_START_LIMIT.max,
    SSO_START_LIMIT.windowMs,
  );

  await app.register(async (owner) => {
    owner.addHook('onSend', (_request, reply, payload, done) => {
      reply.header('cache-control', 'no-store');
      done(null, payload);
    });
    owner.addHook('preValidation', requireOwner);
    const api = zodRoutes(owner);
    api.get(...at('GET /api/owner/sso'), (request) => readSsoSettings(db, request.site, secrets()));
    api.put(...at('PUT /api/owner/sso'), async (request) =>
      valueOrFail(await saveSsoSettings(db, request.site, request.body, secrets(), policy())),
    );
    api.post(...at('POST /api/owner/sso/check'), (request) => checkSsoIssuer(request.body, policy()));
  });

  /** The SSO page (page type 400): the site's frame around the button or the failure. */
  async function sendSsoPage(
    request: FastifyRequest,
    reply: FastifyReply,
    failure?: Reason,
    values?: Record<string, string>,
  ) {
    const site = request.site;
    const query = request.query as Record<string, string>;
    ensureCrumb(request, reply);
    const context = await buildPageContext(db, site, '/account/sso', {
      signedIn: Boolean(request.siteUserId),
    });
    context.website.baseUrl ||= publicOrigin(request);
    const status = failure ? answerFor({ ok: false, reason: failure, values }).statusCode : 200;
    if (failure) context.ssoError = answerFor({ ok: false, reason: failure, values }).message;
    const choice = choosePageLanguage(await listSiteLanguages(db, site), site.language, {
      query: query.lang,
      cookie: request.cookies[LANGUAGE_COOKIE],
    });
    if (choice.fromQuery) reply.setCookie(LANGUAGE_COOKIE, choice.language, languageCookie(request));
    await localizePage(db, context, choice);
    cleanPageContext(context);
    reply.code(status).header('cache-control', 'no-store').header('x-robots-tag', 'noindex');
    if (query.format === 'json')
      return reply.type('application/json; charset=utf-8').send(JSON.stringify(context));
    try {
      return reply
        .type('text/html; charset=utf-8')
        .send(renderer.renderBytes(context, request.log, choice.language));
    } catch (error) {
      if (!(error instanceof RenderBudgetExceeded)) throw error;
      return reply
        .code(503)
        .header('retry-after', '5')
        .type('text/html; charset=utf-8')
        .send(budgetErrorPage(error, site.siteTitle ?? ''));
    }
  }

  const flowCookie = (request: FastifyRequest) => ({
    ...sessionCookieOptions(request),
    path: FLOW_COOKIE_PATH,
    httpOnly: true,
  });

  app.get('/account/sso', async (request, reply) => {
    if (await showsComingSoon(request)) return sendComingSoon(request, reply);
    return sendSsoPage(request, reply);
  });

  app.get('/account/sso/start', async (request, reply) => {
    if (await showsComingSoon(request)) return sendComingSoon(request, reply);
    const box = secrets();
    const provider = box.ok ? await loadSsoProvider(db, request.site.id, box) : null;
    if (!box.ok || !provider) return sendSsoPage(request, reply, 'SSO_OFF');
    // The flow cookie must be set on the host the provider sends the visitor back to (the
    // site's own address, never a Host header it does not own): start again there.
    const origin = publicOrigin(request);
    if (new URL(origin).host !== request.host) return reply.redirect(`${origin}/account/sso/start`, 303);
    if (await startLimiter.hit(`${request.ip}:${request.site.id}`))
      throw new ApiError('RATE_LIMITED', 'Too many sign-in attempts. Please try again later.');
    const redirectUri = `${origin}${SSO_CALLBACK_PATH}`;
    const begun = await beginSsoSignIn(provider, box.box, redirectUri, policy(), now());
    if (!begun.ok) {
      request.log.warn({ reason: begun.reason }, 'sign-in with SSO could not start');
      return sendSsoPage(request, reply, begun.reason, begun.values);
    }
    reply.setCookie(SSO_FLOW_COOKIE, begun.value.sealedFlow, {
      ...flowCookie(request),
      maxAge: Math.floor(FLOW_TTL_MS / 1000),
    });
    return reply.header('cache-control', 'no-store').redirect(begun.value.location, 303);
  });

  app.get('/account/sso/callback', async (request, reply) => {
    const box = secrets();
    const provider = box.ok ? await loadSsoProvider(db, request.site.id, box) : null;
    // The flow is spent whatever happens next: a retry starts a new one.
    reply.clearCookie(SSO_FLOW_COOKIE, flowCookie(request));
    if (!box.ok || !provider) return sendSsoPage(request, reply, 'SSO_OFF');
    const url = new URL(request.url, 'http://callback.invalid');
    const claims = await finishSsoSignIn(
      provider,
      box.box,
      request.cookies[SSO_FLOW_COOKIE],
      url,
      policy(),
      now(),
    );
    if (!claims.ok) {
      request.log.info({ reason: claims.reason, detail: claims.values?.detail }, 'sign-in with SSO refused');
      return sendSsoPage(request, reply, claims.reason, claims.values);
    }
    const account = await accountForIdentity(db, request.site.id, claims.value);
    if (!account.ok) {
      request.log.info({ reason: account.reason }, 'sign-in with SSO refused');
      return sendSsoPage(request, reply, account.reason, account.values);
    }
    // Signing in replaces whatever session this browser had.
    await deleteSession(db, request.cookies[SESSION_COOKIE]);
    if (account.value.language)
      reply.setCookie(LANGUAGE_COOKIE, account.value.language, languageCookie(request));
    await startAccountSession(request, reply, account.value, false);
    return reply.header('cache-control', 'no-store').redirect('/account', 303);
  });
}
