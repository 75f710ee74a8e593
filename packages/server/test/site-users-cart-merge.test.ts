import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestSite, createTestSite } from './helpers/test-app';
import { backends } from './helpers/test-db';
import { addToCart, cartTokenFrom, demoProduct } from './helpers/shop';
import { sessionOf } from './restock-helpers';

interface Entry {
  chosenVariant: { sku: string };
  quantity: number;
}

describe.each(backends)('login merges the guest cart on %s', (backend) => {
  let site: TestSite;
  beforeAll(async () => {
    site = await createTestSite(backend);
  });
  afterAll(() => site.app.close());

  it('sums the same variant (within stock) and keeps other lines', async () => {
    const tee = await demoProduct(site, 'classic-tee');
    const customer = await sessionOf(site, 'customer');
    // The account already has a cart with 3 × TEE-SAN-S (4 in stock).
    const own = await site.request({
      method: 'POST',
      url: '/api/commerce/shopping-cart/entries',
      payload: { itemId: tee.id, sku: 'TEE-SAN-S', quantity: 3 },
      cookies: { siteUserSession: customer },
    });
    expect(own.statusCode).toBe(200);

    // Signed out, a guest adds 2 × TEE-SAN-S and 1 × TEE-NAV-M.
    const first = await addToCart(site, { itemId: tee.id, sku: 'TEE-SAN-S', quantity: 2 });
    const guestCart = cartTokenFrom(first) as string;
    expect(guestCart).toBeTruthy();
    expect(
      (await addToCart(site, { itemId: tee.id, sku: 'TEE-NAV-M', quantity: 1 }, guestCart)).statusCode,
    ).toBe(200);

    const login = await site.request({
      method: 'POST',
      url: '/api/site-users/account/session',
      payload: { email: 'customer@juniper-oak.test', password: 'juniper-oak-customer' },
      cookies: { CART: guestCart },
    });
    expect(login.statusCode).toBe(200);
    const session = login.cookies.find((c) => c.name === 'siteUserSession')?.value as string;
    const cart = await site.request({
      method: 'GET',
      url: '/api/commerce/shopping-cart',
      cookies: { siteUserSession: session, CART: cartTokenFrom(login) ?? guestCart },
    });
    const entries = cart.json().entries as Entry[];
    const qty = Object.fromEntries(entries.map((e) => [e.chosenVariant.sku, e.quantity]));
    // 3 + 2 = 5 is over the 4 in stock: the merge caps at stock.
    expect(qty).toEqual({ 'TEE-SAN-S': 4, 'TEE-NAV-M': 1 });
  });

  it('keeps the coupon the guest applied when the cart is merged into the account', async () => {
    const tee = await demoProduct(site, 'classic-tee');
    const customer = await sessionOf(site, 'customer');
    // The account has a cart of its own, so the guest's is merged into it (not adopted).
    const own = await site.request({
      method: 'POST',
      url: '/api/commerce/shopping-cart/entries',
      payload: { itemId: tee.id, sku: 'TEE-NAV-M', quantity: 1 },
      cookies: { siteUserSession: customer },
    });
    expect(own.statusCode).toBe(200);
    const first = await addToCart(site, { itemId: tee.id, sku: 'TEE-SAN-M', quantity: 1 });
    const guestCart = cartTokenFrom(first) as string;
    const coupon = await site.request({
      method: 'POST',
      url: '/api/commerce/shopping-cart/coupons',
      payload: { code: 'WELCOME10' },
      cookies: { CART: guestCart },
    });
    expect(coupon.statusCode, coupon.body).toBe(200);
    const login = await site.request({
      method: 'POST',
      url: '/api/site-users/account/session',
      payload: { email: 'customer@juniper-oak.test', password: 'juniper-oak-customer' },
      cookies: { CART: guestCart },
    });
    expect(login.statusCode).toBe(200);
    const session = login.cookies.find((c) => c.name === 'siteUserSession')?.value as string;
    const cart = (
      await site.request({
        method: 'GET',
        url: '/api/commerce/shopping-cart',
        cookies: { siteUserSession: session, CART: cartTokenFrom(login) ?? guestCart },
      })
    ).json();
    expect(cart.entries.map((e: Entry) => e.chosenVariant.sku).sort()).toEqual(
      expect.arrayContaining(['TEE-NAV-M', 'TEE-SAN-M']),
    );
    expect(cart.coupons.map((c: { code: string }) => c.code)).toEqual(['WELCOME10']);
  });
});
