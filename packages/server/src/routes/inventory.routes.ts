import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { variants } from '../db/schema/index';
import { parseWith } from './validate';

const query = z.object({
  itemId: z.union([z.string().min(1).max(64), z.array(z.string().min(1).max(64)).max(50)]),
});

/** GET /api/commerce/inventory/stock/?itemId= → `{ results: [{ itemId, sku, variantId, unlimited, qtyInStock }] }`. */
export async function inventoryRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/commerce/inventory/stock/', async (request, reply) => {
    const { itemId } = parseWith(query, request.query);
    const ids = (Array.isArray(itemId) ? itemId : itemId.split(',')).slice(0, 50);
    const rows = await app.database.db
      .select({
        itemId: variants.itemId,
        sku: variants.sku,
        variantId: variants.id,
        unlimited: variants.unlimited,
        qtyInStock: variants.qtyInStock,
      })
      .from(variants)
      .where(and(eq(variants.websiteId, request.site.id), inArray(variants.itemId, ids)))
      .orderBy(asc(variants.itemId), asc(variants.displayIndex));
    reply.header('cache-control', 'no-store');
    return { results: rows };
  });
}
