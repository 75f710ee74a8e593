import { at, zodRoutes } from './api-schema';
import type { FastifyInstance } from 'fastify';
import { stockLevels } from '../services/stock-levels';

/** GET /api/commerce/inventory/stock/?itemId= → `{ results: [{ itemId, sku, variantId, unlimited, qtyInStock }] }`. */
export async function inventoryRoutes(app: FastifyInstance): Promise<void> {
  const api = zodRoutes(app);
  api.get(...at('GET /api/commerce/inventory/stock/'), async (request, reply) => {
    const { itemId } = request.query;
    const ids = (Array.isArray(itemId) ? itemId : itemId.split(',')).slice(0, 50);
    const rows = await stockLevels(app.database.db, request.site.id, ids);
    reply.header('cache-control', 'no-store');
    return { results: rows };
  });
}
