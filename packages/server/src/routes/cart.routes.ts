import type { FastifyInstance } from 'fastify';
import { CART_ERRORS } from '@store/commerce';
import { ApiError, errorCatalogue } from '../errors';
import { valueOrFail } from '../reasons';
import {
  addEntry,
  applyCoupon,
  createSubscriptionCart,
  getCart,
  removeCoupon,
  removeEntry,
  selectShippingOption,
  setShippingLocation,
  updateAdditionalFields,
  updateQuantity,
} from '../services/cart.service';
import { cartOwner, setCartCookies } from './cart-identity';
import { at, zodRoutes } from './api-schema';

export interface CartRoutesOptions {
  /** Cart writes allowed per IP per 10 s (false disables, e.g. for benchmarks). */
  writesPer10s?: number | false;
}

function parseAdditionalFields(text: string | null | undefined): Record<string, unknown> | null {
  if (text === null || text === undefined || text === '') return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ApiError('VALIDATION_FAILED', errorCatalogue.FORM_UNPARSEABLE.message);
  }
  // `JSON.stringify(null)`: what a client sends for a product without a form → no fields.
  if (value === null) return null;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ApiError('VALIDATION_FAILED', errorCatalogue.FORM_UNPARSEABLE.message);
  }
  return value as Record<string, unknown>;
}

/**
 * Shopping cart API (spec §7): add, read, change quantity, remove, additional fields,
 * shipping, coupons, subscription cart. Documented in docs/cart-api.md.
 */
export async function cartRoutes(app: FastifyInstance, options: CartRoutesOptions): Promise<void> {
  const limit = options.writesPer10s ?? 100;
  // Counted by the app's one limits mechanism (memory, or Redis across processes).
  const writeLimit =
    limit === false ? {} : { config: { limit: { name: 'cart-write', max: limit, windowMs: 10_000 } } };
  const db = app.database.db;
  const api = zodRoutes(app);

  api.get(...at('GET /api/commerce/shopping-cart'), async (request) =>
    getCart(db, request.site, cartOwner(request)),
  );

  api.post(...at('POST /api/commerce/shopping-cart/entries', writeLimit), async (request, reply) => {
    const body = request.body;
    const result = valueOrFail(
      await addEntry(db, request.site, cartOwner(request), {
        itemId: body.itemId,
        sku: body.sku ?? null,
        quantity: body.quantity ?? 1,
        additionalFields: parseAdditionalFields(body.additionalFields),
        chosenOptions: body.chosenOptions,
      }),
    );
    if (result.createdToken) setCartCookies(request, reply, result.createdToken);
    return { shoppingCart: result.cart, newlyAdded: result.newlyAdded };
  });
  api.patch(...at('PATCH /api/commerce/shopping-cart/entries/:entryId', writeLimit), async (request) => {
    const { entryId } = request.params;
    const body = request.body;
    return {
      shoppingCart: valueOrFail(
        await updateQuantity(db, request.site, cartOwner(request), entryId, body.quantity),
      ),
    };
  });
  api.delete(...at('DELETE /api/commerce/shopping-cart/entries/:entryId', writeLimit), async (request) => {
    const { entryId } = request.params;
    return { shoppingCart: valueOrFail(await removeEntry(db, request.site, cartOwner(request), entryId)) };
  });
  api.put(
    ...at('PUT /api/commerce/shopping-cart/entries/:entryId/additionalFields', writeLimit),
    async (request) => {
      const { entryId } = request.params;
      const body = request.body;
      const fields = parseAdditionalFields(body.additionalFields);
      if (!fields) throw new ApiError('VALIDATION_FAILED', CART_ERRORS.CART_INVALID_INFORMATION);
      const result = valueOrFail(
        await updateAdditionalFields(db, request.site, cartOwner(request), entryId, fields),
      );
      return { shoppingCart: result.cart, updatedEntry: result.updatedEntry };
    },
  );
  api.put(...at('PUT /api/commerce/shopping-cart/shipping-option', writeLimit), async (request) => {
    const body = request.body;
    return {
      shoppingCart: valueOrFail(
        await selectShippingOption(db, request.site, cartOwner(request), body.shippingOptionId),
      ),
    };
  });
  api.put(...at('PUT /api/commerce/shopping-cart/shipping-location', writeLimit), async (request) => {
    const body = request.body;
    return {
      shoppingCart: valueOrFail(await setShippingLocation(db, request.site, cartOwner(request), body)),
    };
  });
  api.post(...at('POST /api/commerce/shopping-cart/coupons', writeLimit), async (request) => {
    const body = request.body;
    return {
      shoppingCart: valueOrFail(await applyCoupon(db, request.site, cartOwner(request), body.code)),
    };
  });
  api.delete(...at('DELETE /api/commerce/shopping-cart/coupons/:code', writeLimit), async (request) => {
    const { code } = request.params;
    return { shoppingCart: valueOrFail(await removeCoupon(db, request.site, cartOwner(request), code)) };
  });
  api.post(...at('POST /api/3/commerce/cart/subscription', writeLimit), async (request) => {
    const body = request.body;
    const cartToken = valueOrFail(
      await createSubscriptionCart(db, request.site, {
        itemId: body.itemId,
        sku: body.sku ?? null,
        quantity: body.qty ?? 1,
        additionalFields: parseAdditionalFields(body.additionalFields),
        siteUserId: request.siteUserId ?? null,
      }),
    );
    return { cartToken };
  });

  // The subscription checkout shows what is being subscribed to: the cart behind its token.
  api.get(...at('GET /api/3/commerce/cart/subscription'), async (request) => {
    const owner = { ...cartOwner(request, request.query.cartToken), kind: 'SUBSCRIPTION' as const };
    return { shoppingCart: await getCart(db, request.site, owner) };
  });
}
