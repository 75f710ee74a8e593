import { expect } from 'vitest';
import { cartWith, checkout } from '../gift-cards/gift-card-helpers';
import { demoProduct } from '../helpers/shop';
import type { TestSite } from '../helpers/test-app';

/**
 * Place a paid order as `email`: a tee shipped to `shippingAddress` when one is given, else
 * a digital product (no address). Answers the order id.
 */
export async function placeOrder(
  site: TestSite,
  email: string,
  shippingAddress?: Record<string, string>,
): Promise<string> {
  if (!shippingAddress) {
    const presets = await demoProduct(site, 'lightroom-presets');
    const { cookies } = await cartWith(site, { itemId: presets.id, sku: 'DIGI-PRESETS', quantity: 1 });
    const res = await checkout(site, cookies, { email });
    expect(res.statusCode).toBe(200);
    return res.json().order.id;
  }
  const tee = await demoProduct(site, 'classic-tee');
  const { cookies } = await cartWith(site, { itemId: tee.id, sku: 'TEE-NAV-M', quantity: 1 });
  const cart = (await site.request({ method: 'GET', url: '/api/commerce/shopping-cart', cookies })).json();
  const res = await checkout(site, cookies, {
    email,
    shippingAddress,
    shippingOptionId: cart.shippingOptions[0].id,
  });
  expect(res.statusCode).toBe(200);
  return res.json().order.id;
}

/** An owner request with a session cookie (or none: a visitor). */
export function ownerRequest(site: TestSite, cookie: string | undefined) {
  return (
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    payload?: object,
    headers: Record<string, string> = {},
  ) =>
    site.request({
      method,
      url,
      ...(payload === undefined ? {} : { payload }),
      headers,
      cookies: cookie ? { siteUserSession: cookie } : {},
    });
}
