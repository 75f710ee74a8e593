import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { themesDir } from '../pages/theme-files';
import { ensureCrumb } from '../plugins/crumb';
import { studioPolicy } from '../pages/embed-policy';

const here = path.dirname(fileURLToPath(import.meta.url));
export const studioDist = path.resolve(here, '../../../studio/dist');
const require = createRequire(import.meta.url);
const fontsDir = path.resolve(path.dirname(require.resolve('@fontsource/inter/package.json')), '..');
const FONT_FILES = new Set(['inter', 'work-sans', 'lora', 'playfair-display']);

/**
 * The studio app (packages/studio, built by Vite) under /config (spec §2: paths containing
 * /config are editor pages). Every /config… path answers the app's index.html, which
 * shows the sign-in page to a signed-out visitor; hashed assets are immutable.
 */
export async function studioAppRoutes(app: FastifyInstance): Promise<void> {
  const index = path.join(studioDist, 'index.html');
  if (fs.existsSync(path.join(studioDist, 'assets'))) {
    await app.register(fastifyStatic, {
      root: path.join(studioDist, 'assets'),
      prefix: '/config/assets/',
      decorateReply: false,
      immutable: true,
      maxAge: '1y',
    });
  }
  const sendApp = async (request: Parameters<typeof ensureCrumb>[0], reply: FastifyReply) => {
    // The studio echoes the crumb on every write, like the storefront runtime.
    ensureCrumb(request, reply);
    reply
      .header('cache-control', 'no-cache')
      .header('x-frame-options', 'DENY')
      .header('content-security-policy', studioPolicy(request.site?.embedOrigins ?? []));
    if (!fs.existsSync(index)) {
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send('The studio is not built yet: run `npm run build:studio`.');
    }
    return reply.type('text/html; charset=utf-8').send(fs.readFileSync(index, 'utf8'));
  };
  // Shipped open-licensed fonts (@fontsource): the latin 400/700 files the site styles use.
  app.get<{ Params: { family: string; file: string } }>(
    '/assets/fonts/:family/:file',
    async (request, reply) => {
      const { family, file } = request.params;
      if (!FONT_FILES.has(family) || !new RegExp(`^${family}-latin-(400|700)-normal\\.woff2$`).test(file))
        return reply.callNotFound();
      const body = await fs.promises.readFile(path.join(fontsDir, family, 'files', file)).catch(() => null);
      if (!body) return reply.callNotFound();
      return reply
        .type('font/woff2')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(body);
    },
  );

  // Block scripts a theme's block templates load (the gallery's autoplay, arrows, lightbox keys).
  // Not content-hashed (the template names it), so cached for a day, revalidated by ETag.
  const blockScripts = path.join(themesDir, 'default', 'blocks');
  app.get<{ Params: { file: string } }>('/assets/blocks/:file', async (request, reply) => {
    if (!/^[a-z-]+\.js$/.test(request.params.file)) return reply.callNotFound();
    const body = await fs.promises
      .readFile(path.join(blockScripts, request.params.file), 'utf8')
      .catch(() => null);
    if (body === null) return reply.callNotFound();
    const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 16)}"`;
    reply.header('cache-control', 'public, max-age=86400').header('etag', etag);
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.type('text/javascript; charset=utf-8').send(body);
  });

  app.get('/config', sendApp);
  app.get('/config/*', sendApp);
}
