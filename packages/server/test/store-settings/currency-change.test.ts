import { describe, expect, it } from 'vitest';
import { addToCart, cartTokenFrom, demoProduct, shippingAddress } from '../helpers/shop';
import { createTestSite } from '../helpers/test-app';
import { backends } from '../helpers/test-db';
import { ownerClient } from '../studio/studio-helpers';

/** Poll an async check (the site resolver keeps a site's row for up to 5 s per process). */
async function waitFor(check: () => Promise<boolean>, ms = 8000): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 200));
  }
  return check();
}

describe.each(backends)('changing the store currency on %s', (backend) => {
  it('placed orders keep the currency they were paid in; open carts follow the catalogue into the new one', async () => {
    const site = await createTestSite(backend);
    const { call } = await ownerClient(site);
    const tee = await demoProduct(site, 'classic-tee');

    const paid = await addToCart(site, { itemId: tee.id, sku: 'TEE-NAV-M', quantity: 1 });
    const paidCart = { CART: cartTokenFrom(paid)! };
    const options = (
      await site.request({ method: 'GET', url: '/api/commerce/shopping-cart', cookies: paidCart })
    ).json();
    const placed = await site.request({
      method: 'POST',
      url: '/api/commerce/checkout',
      cookies: paidCart,
      payload: {
        email: 'a@example.com',
        shippingAddress,
        shippingOptionId: options.shippingOptions[0].id,
        payment: { token: 'tok_visa' },
      },
    });
    expect(placed.statusCode).toBe(200);
    const { order, accessToken } = placed.json();
    expect(order.currency).toBe('USD');

    const open = await addToCart(site, { itemId: tee.id, sku: 'TEE-NAV-S', quantity: 2 });
    const openCart = { CART: cartTokenFrom(open)! };
    const before = (
      await site.request({ method: 'GET', url: '/api/commerce/shopping-cart', cookies: openCart })
    ).json();
    expect(before.currency).toBe('USD');

    expect(
      (await call('PUT', '/api/v1/commerce-preferences/store', { currency: 'EUR' })).json().currency,
    ).toBe('EUR');
    let after: { currency: string; subtotalCents: number; subtotalAmount: unknown } | undefined;
    const followed = await waitFor(async () => {
      after = (
        await site.request({ method: 'GET', url: '/api/commerce/shopping-cart', cookies: openCart })
      ).json();
      return after?.currency === 'EUR';
    });
    expect(followed).toBe(true);
    // Prices are numbers in the store currency: the same minor units, now euros.
    expect(after?.subtotalCents).toBe(before.subtotalCents);
    expect(after?.subtotalAmount).toEqual({
      value: (before.subtotalCents / 100).toFixed(2),
      currency: 'EUR',
    });

    const read = await site.request({
      method: 'GET',
      url: `/api/commerce/orders/${order.id}?token=${accessToken}`,
    });
    expect(read.json().order.currency).toBe('USD');
    expect(read.json().order.grandTotal).toMatchObject({ currency: 'USD' });
    await site.app.close();
  });
});
