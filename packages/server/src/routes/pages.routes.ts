import { isSitePath } from '@store/commerce';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../errors';
import { isApiPath } from '../plugins/error-contract';
import { urlPath } from '../plugins/edge-validation';
import { clientKey } from '../plugins/limits';
import { ensureCrumb } from '../plugins/crumb';
import { sendComingSoon, showsComingSoon } from '../pages/coming-soon';
import { cleanPageContext } from '../pages/clean-page-context';
import { embedOriginsOf } from '../pages/block-layout-html';
import { pageEmbedPolicy } from '../pages/embed-policy';
import { type CachedPage, PageCache, type PageItems, pickEncoding } from '../pages/page-cache';
import { type PageContext, buildPageContext } from '../pages/page-context';
import { watchSiteChanges } from '../pages/page-invalidation';
import {
  UNLOCK_COOKIE,
  addToUnlockCookie,
  parseUnlockCookie,
  samePassword,
  unlockToken,
} from '../pages/page-unlock';
import { SiteFrameCache } from '../pages/site-frame';
import { isPersonalPage } from '../pages/course-pages';
import { isOrderPagePath } from '../pages/order-pages';
import { mayUseOwnerRoute } from '../plugins/owner-auth';
import { abPreviewLetter } from '../pages/ab-preview';
import { themeStylesheet } from '../pages/theme-stylesheet';
import { findCollectionByUrlId } from '../services/catalog.service';
import { PageType } from '../pages/page-types';
import { RenderBudgetExceeded, budgetErrorPage } from '../pages/render-budget';
import { type PageRenderer, createPageRenderer } from '../pages/render-page';
import { rssFeed } from '../seo/rss-feed';
import { type ViewerAccess, viewerAccess } from '../services/members/access';
import { publicOrigin } from './seo.routes';
import {
  LANGUAGE_COOKIE,
  SiteLanguageCache,
  choosePageLanguage,
  languageCookie,
  localizePage,
} from '../services/languages/page-language';

/** Query parameters a page reads; every other parameter is ignored (and not part of the cache key). */
const PAGE_PARAMS = ['format', 'q', 'page', 'category', 'tag', 'month', 'sort', 'orderId'] as const;
/**
 * Pages unique to one visitor's order: not worth a cache entry. The account page's HTML holds
 * nothing personal (its island reads the account), but it is never kept either: personal pages
 * must not be cached or shared, whatever a later change puts in them.
 */
const UNCACHED_TYPES = new Set<number>([
  PageType.orderConfirmed,
  PageType.subscriptionConfirmed,
  PageType.orderStatus,
  PageType.orderReceived,
  PageType.reviewsRequest,
  PageType.digitalProductPreview,
  PageType.customerAccount,
]);

/**
 * Megabytes of rendered pages kept per process. Read here rather than in config.ts (owned
 * elsewhere): `PAGE_CACHE_MB=0` turns the cache off (benchmarks of the render path).
 */
function cacheMegabytes(): number {
  const raw = process.env.PAGE_CACHE_MB;
  const n = raw === undefined || raw === '' ? 64 : Number(raw);
  return Number.isFinite(n) && n >= 0 ? n : 64;
}

/**
 * Every site URL (GET, not /api): resolve the page, build its context, answer JSON
 * (`?format=json`) or HTML. Pages carry no per-visitor state, so a rendered page and its
 * gzip/brotli forms are kept (PageCache) and served without touching the database until
 * what it shows changes: LISTEN/NOTIFY (page-invalidation.ts) drops them on every process.
 * Responses get an ETag and a 304 when it matches.
 */
export async function pageRoutes(
  app: FastifyInstance,
  options: { renderer?: PageRenderer | undefined } = {},
): Promise<void> {
  const renderer = options.renderer ?? createPageRenderer();
  const cache = new PageCache(cacheMegabytes() * 1024 * 1024);
  app.metrics.sources.pageCache = () => cache.stats();
  // Pages are kept until the site's next scheduled change, which the frame knows.
  const frames = new SiteFrameCache(
    (websiteId) => cache.generation(websiteId),
    (websiteId, generation, frame) => cache.expireSiteAt(websiteId, generation, frame.nextChangeAt),
  );
  const siteLanguages = new SiteLanguageCache((websiteId) => cache.generation(websiteId));
  const stopWatching = watchSiteChanges(app.database, app.siteChanges, cache);
  app.addHook('onClose', async () => stopWatching());
  // The site's cache generation when its record was looked up (the resolver's hook ran first).
  const generations = new WeakMap<FastifyRequest, string>();
  app.addHook('onRequest', (request, _reply, done) => {
    if (request.site) generations.set(request, cache.generation(request.site.id));
    done();
  });

  const send = (request: FastifyRequest, reply: FastifyReply, page: CachedPage, hit: boolean) => {
    reply
      .header('etag', page.etag)
      .header('cache-control', 'no-cache')
      .header('vary', 'Accept-Encoding')
      .header('x-page-cache', hit ? 'hit' : 'miss');
    // A page with players admits exactly their origins (computed when it was rendered).
    if (page.csp) reply.header('content-security-policy', page.csp);
    if (page.status === 200 && request.headers['if-none-match'] === page.etag) return reply.code(304).send();
    const encoding = pickEncoding(request.headers['accept-encoding'], page);
    reply.code(page.status).type(page.contentType);
    if (encoding) reply.header('content-encoding', encoding);
    return reply.send(encoding === 'br' ? page.brotli : encoding === 'gzip' ? page.gzip : page.body);
  };

  // Lock-screen guesses per client address and page (spec: "limit it like sign-in").
  const lockLimiter = app.limits.limiter('lock-screen', 10, 15 * 60_000);
  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const [path = '/', search = ''] = request.url.split('?', 2);
    if (isApiPath(path) || path.startsWith('/assets/')) return reply.callNotFound();
    // A site not published yet (or a deployment before setup) shows visitors "coming soon".
    if (await showsComingSoon(request)) return sendComingSoon(request, reply);
    const query = request.query as Record<string, string>;
    const decodedPath = safeDecodeURI(path);
    if (decodedPath === null) return reply.callNotFound();
    // Visitors who unlocked a page see it; everyone else shares the cached lock screen.
    // Order pages answer per visitor (a token, a session): never cached.
    // Staff previewing an A/B variant (`?variant=b`) get a page of their own, never cached.
    const abPreview = await abPreviewLetter(request, query.variant);
    const cacheable =
      !abPreview &&
      request.method === 'GET' &&
      cache.enabled &&
      !request.cookies[UNLOCK_COOKIE] &&
      path.length <= 512 &&
      !isOrderPagePath(decodedPath);
    // Members-only pages (#13) differ for signed-in visitors, and member areas' content for
    // their members: a page is cached per access (signed in, and which areas), never shared
    // between visitors who may see different things (docs/members.md).
    const signedIn = Boolean(request.siteUserId);
    const access = await viewerAccess(app.database.db, request.site.id, request.siteUserId ?? null);
    const origin = publicOrigin(request);
    // The page language (`?lang=`, then the cookie): pages are cached per language, never mixed.
    const choice = choosePageLanguage(
      await siteLanguages.get(app.database.db, request.site),
      request.site.language,
      { query: query.lang, cookie: request.cookies[LANGUAGE_COOKIE] },
    );
    if (choice.fromQuery) reply.setCookie(LANGUAGE_COOKIE, choice.language, languageCookie(request));
    const key = cacheable
      ? `${origin}|${cacheKey(request.site.id, decodedPath, search)}${accessKey(access)}|${choice.language}`
      : '';
    ensureCrumb(request, reply);
    if (cacheable) {
      const hit = cache.get(key);
      if (hit) return send(request, reply, hit, true);
    }
    // As of the site lookup (onRequest below): a page built from a site record that a change
    // has overtaken since is sent but not kept.
    const generation = generations.get(request) ?? 'never';
    // `path` stays raw for the context: buildPageContext decodes each segment once (decoding
    // here too turned `/%25` into a second, broken decode → 500). Broken escapes never get
    // here (edge validation answers 400).
    const unlockedPages = await unlockedFor(request, path);
    const context = await buildPageContext(app.database.db, request.site, path, {
      query,
      unlockedPages,
      signedIn,
      access,
      frames,
      siteUserId: request.siteUserId,
      mayPreviewDigital: () => mayUseOwnerRoute(request, 'GET /api/commerce/digital-preview/:itemId'),
    });
    // Canonical, Open Graph and feed links are absolute: the site's public origin (never a
    // Host header the site does not own: the page is cached for every visitor).
    context.website.baseUrl ||= origin;
    if (abPreview) context.abOverride = abPreview;
    await localizePage(app.database.db, context, choice);
    // After translation: translated texts are contributor HTML too.
    cleanPageContext(context);
    if (request.method === 'POST') context.lockError = 'Incorrect password. Please try again.';
    const status = context.pageType === PageType.notFound ? 404 : request.method === 'POST' ? 403 : 200;
    // A blog's feed (`/blog?format=rss`): RSS 2.0 of the posts the page lists.
    if (query.format === 'rss' && context.collection?.typeName === 'blog')
      return reply
        .type('application/rss+xml; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(rssFeed(context, origin));
    const asJson = query.format === 'json';
    let body: Buffer;
    try {
      body = asJson
        ? Buffer.from(JSON.stringify(context))
        : renderer.renderBytes(context, request.log, choice.language);
    } catch (error) {
      if (!(error instanceof RenderBudgetExceeded)) throw error;
      // Out of time or size: said as a passing failure and never cached, so a moment of load
      // cannot leave the page broken until its next change.
      return reply
        .code(503)
        .header('retry-after', '5')
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(budgetErrorPage(error, request.site.siteTitle ?? ''));
    }
    const page = {
      websiteId: request.site.id,
      status,
      contentType: asJson ? 'application/json; charset=utf-8' : 'text/html; charset=utf-8',
      body,
      items: itemsShown(context),
      csp: asJson ? null : pageEmbedPolicy(body, embedOriginsOf(context)),
    };
    // A signed-in customer's course pages show their own progress and access: never kept.
    const store = cacheable && !UNCACHED_TYPES.has(context.pageType) && !isPersonalPage(context);
    return send(request, reply, cache.set(store ? key : '', store ? generation : 'never', page), false);
  };

  /** Pages whose unlock token in the cookie matches their current password. */
  async function unlockedFor(request: FastifyRequest, path: string): Promise<string[]> {
    const claimed = parseUnlockCookie(request.cookies[UNLOCK_COOKIE]);
    if (claimed.size === 0 || !request.site) return [];
    const segment = decodeURIComponent(path.split('/')[1] ?? '') || 'home';
    const collection = await findCollectionByUrlId(app.database.db, request.site.id, segment);
    if (!collection?.password) return [];
    const token = claimed.get(collection.id);
    return token === unlockToken(collection.id, collection.password) ? [collection.id] : [];
  }

  app.get<{ Params: { file: string } }>('/assets/theme/:file', async (request, reply) => {
    const sheet = themeStylesheet();
    if (urlPath(request.url) !== sheet.url) return reply.callNotFound();
    const encoding = /\bbr\b/.test(request.headers['accept-encoding'] ?? '')
      ? 'br'
      : /\bgzip\b/.test(request.headers['accept-encoding'] ?? '')
        ? 'gzip'
        : null;
    reply
      .type('text/css; charset=utf-8')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('vary', 'Accept-Encoding');
    if (encoding) reply.header('content-encoding', encoding);
    return reply.send(encoding === 'br' ? sheet.brotli : encoding === 'gzip' ? sheet.gzip : sheet.body);
  });
  app.get('/', handler);
  app.get('/*', handler);
  // Lock screen (page type 103): the form posts the password to the page itself.
  // A plain HTML form posts here: form-encoded, no crumb (it only proves a password).
  const lockRoute = { config: { crumb: false, formBody: true } };
  app.post<{ Body: { password?: unknown } }>('/*', lockRoute, async (request, reply) => {
    const path = urlPath(request.url);
    if (isApiPath(path) || !request.site) return reply.callNotFound();
    const segment = decodeURIComponent(path.split('/')[1] ?? '') || 'home';
    const collection = await findCollectionByUrlId(app.database.db, request.site.id, segment);
    if (!collection?.password) return reply.callNotFound();
    // Guesses are counted before the password is compared, like sign-in.
    if (await lockLimiter.hit(`${clientKey(request)}:${collection.id}`)) {
      throw new ApiError('RATE_LIMITED', 'Too many password attempts. Please try again later.');
    }
    const given = typeof request.body?.password === 'string' ? request.body.password.slice(0, 200) : '';
    if (!samePassword(given, collection.password)) return handler(request, reply);
    await lockLimiter.undo(`${clientKey(request)}:${collection.id}`);
    const value = addToUnlockCookie(
      request.cookies[UNLOCK_COOKIE],
      collection.id,
      unlockToken(collection.id, collection.password),
    );
    reply.setCookie(UNLOCK_COOKIE, value, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: request.protocol === 'https',
    });
    // Back to the page itself; a request path such as '//evil.example' or '/\evil.example'
    // would be another site in a Location header, so those go to the home page.
    return reply.redirect(isSitePath(path) ? path : '/', 303);
  });
}

/** The cache key's part for who is looking: anonymous, signed in, and the areas they may enter. */
function accessKey(access: ViewerAccess): string {
  if (!access.signedIn) return '';
  return access.areaIds.size ? `|member:${[...access.areaIds].sort().join(',')}` : '|member';
}

function safeDecodeURI(path: string): string | null {
  try {
    return decodeURI(path);
  } catch {
    return null;
  }
}

/** Website, path and the page's own query parameters (sorted): equal pages share a key. */
function cacheKey(websiteId: string, path: string, search: string): string {
  const clean = path.length > 1 ? path.replace(/\/+$/, '') : path;
  const params = new URLSearchParams(search);
  const parts = PAGE_PARAMS.filter((p) => params.has(p)).map((p) => `${p}=${params.get(p)?.slice(0, 200)}`);
  return `${websiteId}\n${clean}\n${parts.join('&')}`;
}

/** Which catalogue items a page shows (search results may show any). */
function itemsShown(context: PageContext): PageItems {
  if (context.pageType === PageType.search) return 'all';
  const ids = new Set<string>();
  for (const item of context.items ?? []) if (typeof item.id === 'string') ids.add(item.id);
  if (typeof context.item?.id === 'string') ids.add(context.item.id);
  // A product page's related products show their prices and sold-out state too.
  for (const item of (context.item?.relatedProducts ?? []) as { id?: unknown }[])
    if (typeof item.id === 'string') ids.add(item.id);
  return ids.size ? ids : 'none';
}
