import { LOW_STOCK_THRESHOLD } from '@store/commerce';
import type { FastifyInstance } from 'fastify';
import { requireOwner } from '../plugins/owner-auth';
import { valueOrFail } from '../reasons';
import { editStock, listInventory } from '../services/catalog-admin/inventory.service';
import { getProduct, listProducts } from '../services/catalog-admin/product-read';
import { createProduct, deleteProduct, updateProduct } from '../services/catalog-admin/products.service';
import { at, zodRoutes } from './api-schema';

/**
 * The owner's products (list, read, create, save, delete) and inventory (list, bulk stock
 * edit). Registered in the studio group, so a successful write drops the cached pages; other
 * processes follow the catalog triggers' NOTIFY (migration 0006).
 */
export async function studioProductRoutes(app: FastifyInstance) {
  const db = app.database.db;
  app.addHook('preValidation', requireOwner);
  const api = zodRoutes(app);

  api.get(...at('GET /api/studio/products'), async (request) =>
    listProducts(db, request.site, request.query, LOW_STOCK_THRESHOLD),
  );

  api.get(...at('GET /api/studio/products/:id'), async (request) =>
    valueOrFail(await getProduct(db, request.site.id, request.params.id)),
  );

  api.post(...at('POST /api/studio/products'), async (request, reply) =>
    reply.code(201).send(valueOrFail(await createProduct(db, request.site.id, request.body))),
  );

  api.put(...at('PUT /api/studio/products/:id'), async (request) =>
    valueOrFail(await updateProduct(db, request.site.id, request.params.id, request.body)),
  );

  api.delete(...at('DELETE /api/studio/products/:id'), async (request) => {
    valueOrFail(await deleteProduct(db, request.site.id, request.params.id));
    return { ok: true };
  });

  api.get(...at('GET /api/studio/inventory'), async (request) =>
    listInventory(db, request.site.id, request.query),
  );

  api.patch(...at('PATCH /api/studio/inventory'), async (request) =>
    valueOrFail(await editStock(db, request.site.id, request.body.changes)),
  );
}
