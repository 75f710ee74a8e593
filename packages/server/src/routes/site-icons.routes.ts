import type { FastifyInstance, FastifyReply } from 'fastify';
import { FAVICON_SVG } from '../seo/favicon';
import { FAVICON_FILES, isFaviconFile } from '../services/branding/favicon-set';
import { THEME_FAVICON_HASH, themeFaviconSet } from '../services/branding/site-icons';
import { FILE_RESPONSE_HEADERS } from '../services/downloads/file-types';
import { configuredMediaStorage } from '../services/media/configured-storage';
import type { MediaStorage } from '../services/media/media-storage';

const YEAR = 'public, max-age=31536000, immutable';
const DAY = 'public, max-age=86400';

/**
 * The site icon, as browsers ask for it: every size under `/favicon/<hash>/<name>` (content
 * hashed, cached for a year), the conventional `/favicon.ico` and `/apple-touch-icon.png`
 * (for a day: their address never changes), the theme's `/favicon.svg`, and
 * `/site.webmanifest`. Only PNG and ICO made by sharp are ever served, with `nosniff` and a
 * sandboxing policy: nothing here can run.
 */
export async function siteIconRoutes(app: FastifyInstance, options: { storage?: MediaStorage } = {}) {
  const storage = options.storage ?? configuredMediaStorage(app.config);

  /** One file of an icon set: the theme's from memory, a site's from media storage. */
  async function iconFile(hash: string, name: keyof typeof FAVICON_FILES): Promise<Buffer | null> {
    if (hash === THEME_FAVICON_HASH) return (await themeFaviconSet()).files.get(name) ?? null;
    return storage.get(`${hash}/${FAVICON_FILES[name].key}`);
  }

  const send = (reply: FastifyReply, name: keyof typeof FAVICON_FILES, body: Buffer, cache: string) =>
    reply
      .headers(FILE_RESPONSE_HEADERS)
      .type(FAVICON_FILES[name].type)
      .header('cache-control', cache)
      .send(body);

  app.get<{ Params: { hash: string; name: string } }>('/favicon/:hash/:name', async (request, reply) => {
    const { hash, name } = request.params;
    if (!/^[a-f0-9]{24}$/.test(hash) || !isFaviconFile(name)) return reply.callNotFound();
    const body = await iconFile(hash, name);
    return body ? send(reply, name, body, YEAR) : reply.callNotFound();
  });

  /** The site's own file at a fixed address, else the theme's. */
  const fixed =
    (name: 'favicon.ico' | 'apple-touch-icon.png') =>
    async (request: { site?: { favicon: { hash: string } | null } }, reply: FastifyReply) => {
      const own = request.site?.favicon ? await iconFile(request.site.favicon.hash, name) : null;
      const body = own ?? (await iconFile(THEME_FAVICON_HASH, name));
      return body ? send(reply, name, body, DAY) : reply.callNotFound();
    };
  app.get('/favicon.ico', fixed('favicon.ico'));
  app.get('/apple-touch-icon.png', fixed('apple-touch-icon.png'));

  app.get('/favicon.svg', async (_request, reply) =>
    reply.headers(FILE_RESPONSE_HEADERS).type('image/svg+xml').header('cache-control', DAY).send(FAVICON_SVG),
  );

  app.get('/site.webmanifest', async (request, reply) => {
    const site = request.site;
    const hash = site?.favicon?.hash ?? THEME_FAVICON_HASH;
    const title = site?.siteTitle ?? '';
    const manifest = {
      name: title,
      short_name: title.length > 12 ? title.slice(0, 12).trim() : title,
      start_url: '/',
      display: 'browser',
      icons: [192, 512].map((size) => ({
        src: `/favicon/${hash}/icon-${size}.png`,
        sizes: `${size}x${size}`,
        type: 'image/png',
      })),
    };
    return reply
      .type('application/manifest+json; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(JSON.stringify(manifest));
  });
}
