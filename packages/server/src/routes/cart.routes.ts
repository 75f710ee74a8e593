import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ApiError } from '../errors';
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
import { parseWith } from './validate';

export interface CartRoutesOptions {
  /** Cart writes allowed per IP per 10 s (false disables, e.g. for benchmarks). */
  writesPer10s?: number | false;
}

const id = z.string().min(1).max(64);
const quantity = z.union([z.number(), z.string().max(32)]).optional();
/** additionalFields travel as a JSON string (spec §7). */
const additionalFieldsText = z.string().max(20_000).nullable().optional();

function parseAdditionalFields(text: string | null | undefined): Record<string, unknown> | null {
  if (text === null || text === undefined || text === '') return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ApiError('VALIDATION_FAILED', 'Could not parse the form fields, please check your entries.');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ApiError('VALIDATION_FAILED', 'Could not parse the form fields, please check your entries.');
  }
  return value as Record<string, unknown>;
}

const addBody = z.object({
  itemId: id,
  sku: z.string().max(128).nullable().optional(),
  quantity,
  additionalFields: additionalFieldsText,
  chosenOptions: z.record(z.string().max(200), z.string().max(200)).optional(),
});
const entryParams = z.object({ entryId: id });

/**
 * Shopping cart API (spec §7): add, read, change quantity, remove, additional fields,
 * shipping, coupons, subscription cart. Documented in docs/cart-api.md.
 */
export async function cartRoutes(app: FastifyInstance, options: CartRoutesOptions): Promise<void> {
  const limit = options.writesPer10s ?? 100;
  if (limit !== false) {
    await app.register(rateLimit, {
      global: false,
      max: limit,
      timeWindow: 10_000,
      errorResponseBuilder: () => new ApiError('RATE_LIMITED'),
    });
  }
  const writeLimit = limit === false ? {} : { config: { rateLimit: { max: limit, timeWindow: 10_000 } } };
  const db = app.database.db;

  app.get('/api/commerce/shopping-cart', async (request) => getCart(db, request.site, cartOwner(request)));

  app.post('/api/commerce/shopping-cart/entries', writeLimit, async (request, reply) => {
    const body = parseWith(addBody, request.body);
    const result = await addEntry(db, request.site, cartOwner(request), {
      itemId: body.itemId,
      sku: body.sku ?? null,
      quantity: body.quantity ?? 1,
      additionalFields: parseAdditionalFields(body.additionalFields),
      chosenOptions: body.chosenOptions,
    });
    if (result.createdToken) setCartCookies(request, reply, result.createdToken);
    return { shoppingCart: result.cart, newlyAdded: result.newlyAdded };
  });

  app.patch('/api/commerce/shopping-cart/entries/:entryId', writeLimit, async (request) => {
    const { entryId } = parseWith(entryParams, request.params);
    const body = parseWith(z.object({ quantity: z.union([z.number(), z.string().max(32)]) }), request.body);
    return {
      shoppingCart: await updateQuantity(db, request.site, cartOwner(request), entryId, body.quantity),
    };
  });

  app.delete('/api/commerce/shopping-cart/entries/:entryId', writeLimit, async (request) => {
    const { entryId } = parseWith(entryParams, request.params);
    return { shoppingCart: await removeEntry(db, request.site, cartOwner(request), entryId) };
  });

  app.put('/api/commerce/shopping-cart/entries/:entryId/additionalFields', writeLimit, async (request) => {
    const { entryId } = parseWith(entryParams, request.params);
    const body = parseWith(
      z.object({
        itemId: id.optional(),
        sku: z.string().max(128).nullable().optional(),
        additionalFields: z.string().max(20_000),
      }),
      request.body,
    );
    const fields = parseAdditionalFields(body.additionalFields);
    if (!fields) throw new ApiError('VALIDATION_FAILED', 'Update the missing or invalid information above.');
    const result = await updateAdditionalFields(db, request.site, cartOwner(request), entryId, fields);
    return { shoppingCart: result.cart, updatedEntry: result.updatedEntry };
  });

  app.put('/api/commerce/shopping-cart/shipping-option', writeLimit, async (request) => {
    const body = parseWith(z.object({ shippingOptionId: id }), request.body);
    return {
      shoppingCart: await selectShippingOption(db, request.site, cartOwner(request), body.shippingOptionId),
    };
  });

  app.put('/api/commerce/shopping-cart/shipping-location', writeLimit, async (request) => {
    const body = parseWith(
      z.object({
        country: z.string().regex(/^[A-Z]{2}$/, 'Use a two-letter country code.'),
        region: z.string().max(64).optional(),
        postalCode: z.string().max(32).optional(),
      }),
      request.body,
    );
    return { shoppingCart: await setShippingLocation(db, request.site, cartOwner(request), body) };
  });

  app.post('/api/commerce/shopping-cart/coupons', writeLimit, async (request) => {
    const body = parseWith(z.object({ code: z.string().trim().min(1).max(64) }), request.body);
    return { shoppingCart: await applyCoupon(db, request.site, cartOwner(request), body.code) };
  });

  app.delete('/api/commerce/shopping-cart/coupons/:code', writeLimit, async (request) => {
    const { code } = parseWith(z.object({ code: z.string().min(1).max(64) }), request.params);
    return { shoppingCart: await removeCoupon(db, request.site, cartOwner(request), code) };
  });

  app.post('/api/3/commerce/cart/subscription', writeLimit, async (request) => {
    const body = parseWith(
      z.object({
        itemId: id,
        sku: z.string().max(128).nullable().optional(),
        qty: quantity,
        additionalFields: additionalFieldsText,
      }),
      request.body,
    );
    const cartToken = await createSubscriptionCart(db, request.site, {
      itemId: body.itemId,
      sku: body.sku ?? null,
      quantity: body.qty ?? 1,
      additionalFields: parseAdditionalFields(body.additionalFields),
    });
    return { cartToken };
  });
}
