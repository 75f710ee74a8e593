import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../errors';
import { isApiPath } from '../plugins/error-contract';
import { ensureCrumb } from '../plugins/crumb';
import { buildPageContext } from '../pages/page-context';
import {
  UNLOCK_COOKIE,
  addToUnlockCookie,
  parseUnlockCookie,
  samePassword,
  unlockToken,
} from '../pages/page-unlock';
import { findCollectionByUrlId } from '../services/catalog.service';
import { PageType } from '../pages/page-types';
import { createPageRenderer } from '../pages/render-page';

/**
 * Every site URL (GET, not /api): resolve the page, build its context, answer JSON
 * (`?format=json`) or HTML. Pages carry no per-visitor state, so they get an ETag and
 * a 304 when it matches.
 */
export async function pageRoutes(app: FastifyInstance): Promise<void> {
  const renderer = createPageRenderer();
  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const [path] = request.url.split('?');
    if (isApiPath(path) || path.startsWith('/assets/')) return reply.callNotFound();
    if (!request.site) throw new ApiError('SERVICE_UNAVAILABLE', 'No website is configured yet.');
    const query = request.query as Record<string, string>;
    const unlockedPages = await unlockedFor(request, decodeURI(path));
    const context = await buildPageContext(app.database.db, request.site, decodeURI(path), {
      query,
      unlockedPages,
    });
    ensureCrumb(request, reply);
    if (request.method === 'POST') context.lockError = 'Incorrect password. Please try again.';
    const status = context.pageType === PageType.notFound ? 404 : request.method === 'POST' ? 403 : 200;
    const asJson = query.format === 'json';
    const body = asJson ? JSON.stringify(context) : renderer.render(context, request.log);
    const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
    reply.header('etag', etag).header('cache-control', 'no-cache').header('vary', 'Accept-Encoding');
    if (status === 200 && request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply
      .code(status)
      .type(asJson ? 'application/json; charset=utf-8' : 'text/html; charset=utf-8')
      .send(body);
  };
  /** Pages whose unlock token in the cookie matches their current password. */
  async function unlockedFor(request: FastifyRequest, path: string): Promise<string[]> {
    const claimed = parseUnlockCookie(request.cookies[UNLOCK_COOKIE]);
    if (claimed.size === 0 || !request.site) return [];
    const segment = path.split('/')[1] || 'home';
    const collection = await findCollectionByUrlId(app.database.db, request.site.id, segment);
    if (!collection?.password) return [];
    const token = claimed.get(collection.id);
    return token === unlockToken(collection.id, collection.password) ? [collection.id] : [];
  }

  app.get('/', handler);
  app.get('/*', handler);
  // Lock screen (page type 103): the form posts the password to the page itself.
  app.post<{ Body: { password?: unknown } }>('/*', async (request, reply) => {
    const [path] = request.url.split('?');
    if (isApiPath(path) || !request.site) return reply.callNotFound();
    const segment = decodeURI(path).split('/')[1] || 'home';
    const collection = await findCollectionByUrlId(app.database.db, request.site.id, segment);
    if (!collection?.password) return reply.callNotFound();
    const given = typeof request.body?.password === 'string' ? request.body.password.slice(0, 200) : '';
    if (!samePassword(given, collection.password)) return handler(request, reply);
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
    return reply.redirect(path, 303);
  });
}
