import { and, asc, eq, inArray } from 'drizzle-orm';
import { schemaOf, zodRoutes } from './api-schema';
import type { FastifyInstance } from 'fastify';
import { variants } from '../db/schema/index';

/** GET /api/commerce/inventory/stock/?itemId= → `{ results: [{ itemId, sku, variantId, unlimited, qtyInStock }] }`. */
export async function inventoryRoutes(app: FastifyInstance): Promise<void> {
  const api = zodRoutes(app);
  api.get(
    '/api/commerce/inventory/stock/',
    { schema: schemaOf('GET /api/commerce/inventory/stock/') },
    async (request, reply) => {
      const { itemId } = request.query;
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
    },
  );
}
