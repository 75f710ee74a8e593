import { CATALOG_MESSAGES } from '@store/commerce';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../errors';
import { requireOwner } from '../plugins/owner-auth';
import { valueOrFail } from '../reasons';
import { createCategory, createStore, listStores } from '../services/catalog-admin/store.service';
import { at, zodRoutes } from './api-schema';

/** The path names the website: it must be the one the request is for (its Host). */
function checkWebsite(request: FastifyRequest, websiteId: string): void {
  if (websiteId !== request.site.id) throw new ApiError('NOT_FOUND', CATALOG_MESSAGES.websiteMismatch);
}

/**
 * Spec §7 store calls: create a store (§4 store creation flow) and add its categories. Plus
 * the studio's list of stores with their categories. Owner only, crumb on writes.
 */
export async function storeContentRoutes(app: FastifyInstance) {
  const db = app.database.db;
  // Before the schemas: a signed-out caller is told 401, not what its body got wrong.
  app.addHook('preValidation', requireOwner);
  const api = zodRoutes(app);

  api.post(
    ...at('POST /api/content-service/product/1.1/websites/:websiteId/products'),
    async (request, reply) => {
      checkWebsite(request, request.params.websiteId);
      return reply.code(201).send(valueOrFail(await createStore(db, request.site.id, request.body)));
    },
  );

  api.post(
    ...at('POST /api/content-service/product/1.1/websites/:websiteId/products/:collectionId/categories'),
    async (request, reply) => {
      checkWebsite(request, request.params.websiteId);
      const category = valueOrFail(
        await createCategory(db, request.site.id, request.params.collectionId, request.body),
      );
      return reply.code(201).send(category);
    },
  );

  api.get(...at('GET /api/studio/stores'), async (request) => listStores(db, request.site.id));
}
