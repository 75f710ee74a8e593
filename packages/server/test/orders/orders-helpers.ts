import { and, asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { emailOutbox, variants } from '../../src/db/schema/index';
import { present } from '../helpers/present';
import { addToCart, cartTokenFrom, demoProduct, shippingAddress } from '../helpers/shop';
import type { TestSite } from '../helpers/test-app';
import { sessionOf } from '../restock-helpers';

/** Buy `quantity` of a classic tee variant through the API, as a shop visitor does. */
export async function buyTee(
  site: TestSite,
  options: { sku?: string; quantity?: number; email?: string; token?: string } = {},
) {
  const tee = await demoProduct(site, 'classic-tee');
  const added = await addToCart(site, {
    itemId: tee.id,
    sku: options.sku ?? 'TEE-NAV-M',
    quantity: options.quantity ?? 1,
  });
  expect(added.statusCode).toBe(200);
  const cookies = { CART: present(cartTokenFrom(added), 'cart token') };
  const cart = (await site.request({ method: 'GET', url: '/api/commerce/shopping-cart', cookies })).json();
  return site.request({
    method: 'POST',
    url: '/api/commerce/checkout',
    cookies,
    payload: {
      email: options.email ?? 'buyer@example.com',
      shippingAddress,
      shippingOptionId: cart.shippingOptions[0].id,
      payment: { token: options.token ?? 'tok_visa' },
    },
  });
}

/** Place an order and answer its id and access token (fails the test if checkout failed). */
export async function placedOrder(site: TestSite, options: Parameters<typeof buyTee>[1] = {}) {
  const res = await buyTee(site, options);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json();
  return { id: body.order.id as string, accessToken: body.accessToken as string, order: body.order };
}

export async function ownerCookies(site: TestSite) {
  return { siteUserSession: await sessionOf(site, 'owner') };
}

/** POST an owner action on an order. */
export function orderAction(
  site: TestSite,
  cookies: Record<string, string>,
  id: string,
  action: 'capture' | 'fulfill' | 'cancel' | 'refund',
  payload?: Record<string, unknown>,
) {
  return site.request({
    method: 'POST',
    url: `/api/commerce/orders/${id}/${action}`,
    cookies,
    ...(payload ? { payload } : {}),
  });
}

/** The site's queued mail, oldest first. */
export async function outbox(site: TestSite) {
  return site.app.database.db
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.websiteId, site.websiteId))
    .orderBy(asc(emailOutbox.createdAt), asc(emailOutbox.id));
}

export async function stockOf(site: TestSite, sku: string): Promise<number> {
  const [row] = await site.app.database.db
    .select({ qty: variants.qtyInStock })
    .from(variants)
    .where(and(eq(variants.websiteId, site.websiteId), eq(variants.sku, sku)));
  return present(row, `variant ${sku}`).qty;
}
