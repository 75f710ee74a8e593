import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { DrawingKind } from '../seed/demo-drawings';
import { DEMO_VIEWS, type DemoView, demoImageSvg } from '../seed/demo-image';
import { demoProducts } from '../seed/demo-products';

const here = path.dirname(fileURLToPath(import.meta.url));
const storefrontDist = path.resolve(here, '../../../storefront/dist');
const instalmentPages = path.resolve(here, '../../themes/default/instalments');

/**
 * Built storefront runtime (/assets/runtime/*), the instalment info pages the product
 * page's modal shows (/assets/instalments/{locale}.html, spec §7: fetched by locale, the
 * client falls back to en_US) and the generated demo images.
 */
export async function staticAssetRoutes(app: FastifyInstance): Promise<void> {
  if (fs.existsSync(storefrontDist)) {
    await app.register(fastifyStatic, {
      root: storefrontDist,
      prefix: '/assets/runtime/',
      immutable: true,
      maxAge: '1y',
      // The storefront build writes .br and .gz beside each chunk.
      preCompressed: true,
    });
  }
  await app.register(fastifyStatic, {
    root: instalmentPages,
    prefix: '/assets/instalments/',
    decorateReply: false,
    maxAge: '1d',
    allowedPath: (file) => /^\/[a-z]{2}_[A-Z]{2}\.html$/.test(file),
  });
  // Every generated picture by name: each product's three views and each variant's own image.
  const pictures = new Map<string, { hue: number; kind: DrawingKind; view: DemoView }>();
  for (const product of demoProducts) {
    for (const view of DEMO_VIEWS)
      pictures.set(view === 'main' ? product.slug : `${product.slug}-${view}`, {
        hue: product.hue,
        kind: product.kind,
        view,
      });
    for (const variant of product.variants)
      if (variant.image)
        pictures.set(variant.image.name, { hue: variant.image.hue, kind: product.kind, view: 'main' });
  }
  app.get<{ Params: { name: string } }>('/assets/demo/:name', async (request, reply) => {
    const picture = pictures.get(request.params.name.replace(/\.svg$/, ''));
    if (!picture) return reply.callNotFound();
    return reply
      .type('image/svg+xml')
      .header('cache-control', 'public, max-age=86400')
      .send(demoImageSvg(request.params.name, picture.hue, picture.kind, picture.view));
  });
}
