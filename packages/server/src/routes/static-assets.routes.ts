import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { demoImageSvg } from '../seed/demo-image';
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
  const hues = new Map<string, number>();
  for (const product of demoProducts) {
    hues.set(product.slug, product.hue);
    for (const variant of product.variants)
      if (variant.image) hues.set(variant.image.name, variant.image.hue);
  }
  app.get<{ Params: { name: string } }>('/assets/demo/:name', async (request, reply) => {
    const slug = request.params.name.replace(/\.svg$/, '');
    const hue = hues.get(slug);
    if (hue === undefined) return reply.callNotFound();
    return reply
      .type('image/svg+xml')
      .header('cache-control', 'public, max-age=86400')
      .send(demoImageSvg(slug, hue));
  });
}
