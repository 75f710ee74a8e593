import type { FastifyInstance } from 'fastify';
import { valueOrFail } from '../reasons';
import { applyGiftCard, removeGiftCard, setGiftRecipient } from '../services/gift-cards/gift-card-cart';
import { at, zodRoutes } from './api-schema';
import { cartOwner } from './cart-identity';

/**
 * Gift cards in the visitor's cart: who receives a gift card line, and cards applied to
 * pay. Applying is limited per site and client address (10 a minute) so codes cannot be
 * guessed by trying; every other write shares the cart's write limit.
 */
export async function giftCardRoutes(app: FastifyInstance): Promise<void> {
  const db = app.database.db;
  const api = zodRoutes(app);
  const writes = { config: { limit: { name: 'cart-write', max: 100, windowMs: 10_000 } } };
  const tries = { config: { limit: { name: 'gift-card-apply', max: 10, windowMs: 60_000 } } };

  api.put(
    ...at('PUT /api/commerce/shopping-cart/entries/:entryId/gift-recipient', { ...writes }),
    async (request) => ({
      shoppingCart: valueOrFail(
        await setGiftRecipient(db, request.site, cartOwner(request), request.params.entryId, request.body),
      ),
    }),
  );

  api.delete(
    ...at('DELETE /api/commerce/shopping-cart/entries/:entryId/gift-recipient', { ...writes }),
    async (request) => ({
      shoppingCart: valueOrFail(
        await setGiftRecipient(db, request.site, cartOwner(request), request.params.entryId, null),
      ),
    }),
  );

  api.post(...at('POST /api/commerce/shopping-cart/gift-cards', { ...tries }), async (request) => ({
    shoppingCart: valueOrFail(await applyGiftCard(db, request.site, cartOwner(request), request.body.code)),
  }));

  api.delete(
    ...at('DELETE /api/commerce/shopping-cart/gift-cards/:code', { ...writes }),
    async (request) => ({
      shoppingCart: valueOrFail(
        await removeGiftCard(db, request.site, cartOwner(request), request.params.code),
      ),
    }),
  );
}
