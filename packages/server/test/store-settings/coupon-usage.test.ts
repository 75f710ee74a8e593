import { and, count, eq, isNotNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { coupons, orders, variants } from '../../src/db/schema/index';
import { addToCart, cartTokenFrom, demoProduct, shippingAddress } from '../helpers/shop';
import { createTestSite } from '../helpers/test-app';
import { backends } from '../helpers/test-db';
import { ownerClient } from '../studio/studio-helpers';

describe.each(backends)('coupon usage limits on %s', (backend) => {
  it('10 concurrent checkouts with a 3-use coupon: exactly 3 orders carry it, 7 are refused, the count stops at 3', async () => {
    const site = await createTestSite(backend, { appOptions: { cartWritesPer10s: false } });
    const db = site.app.database.db;
    const { call } = await ownerClient(site);
    const created = await call('POST', '/api/studio/commerce/coupons', {
      code: 'THREE',
      kind: 'FIXED_AMOUNT',
      amount: 300,
      usageLimit: 3,
    });
    expect(created.statusCode).toBe(201);
    const notebook = await demoProduct(site, 'field-notebook');
    await db
      .update(variants)
      .set({ qtyInStock: 100 })
      .where(and(eq(variants.websiteId, site.websiteId), eq(variants.sku, 'NOTE-1')));

    const carts: string[] = [];
    for (let i = 0; i < 10; i++) {
      const res = await addToCart(site, { itemId: notebook.id, sku: 'NOTE-1', quantity: 1 });
      const CART = cartTokenFrom(res)!;
      const applied = await site.request({
        method: 'POST',
        url: '/api/commerce/shopping-cart/coupons',
        cookies: { CART },
        payload: { code: 'three' },
      });
      expect(applied.json().shoppingCart.discountCents).toBe(300);
      carts.push(CART);
    }
    const cart = (
      await site.request({ method: 'GET', url: '/api/commerce/shopping-cart', cookies: { CART: carts[0]! } })
    ).json();
    const results = await Promise.all(
      carts.map((CART) =>
        site.request({
          method: 'POST',
          url: '/api/commerce/checkout',
          cookies: { CART },
          payload: {
            email: 'buyer@example.com',
            shippingAddress,
            shippingOptionId: cart.shippingOptions[0].id,
            payment: { token: 'tok_visa' },
          },
        }),
      ),
    );
    const ok = results.filter((r) => r.statusCode === 200);
    expect(ok).toHaveLength(3);
    for (const r of ok) expect(r.json().order).toMatchObject({ discountCents: 300 });
    for (const r of results.filter((r) => r.statusCode !== 200)) {
      expect(r.statusCode).toBe(409);
      expect(r.json().error.message).toBe('This coupon has reached its usage limit.');
    }
    const [used] = await db
      .select({ timesUsed: coupons.timesUsed })
      .from(coupons)
      .where(and(eq(coupons.websiteId, site.websiteId), eq(coupons.code, 'THREE')));
    expect(used?.timesUsed).toBe(3);
    const [withCoupon] = await db
      .select({ n: count() })
      .from(orders)
      .where(and(eq(orders.websiteId, site.websiteId), eq(orders.couponCode, 'THREE')));
    expect(withCoupon?.n).toBe(3);
    // A refused cart now shows the coupon as used up; without it the buyer can check out.
    const refused = carts.find((_, i) => results[i]?.statusCode === 409)!;
    const shown = (
      await site.request({ method: 'GET', url: '/api/commerce/shopping-cart', cookies: { CART: refused } })
    ).json();
    expect(shown.invalidCoupons.map((c: { code: string }) => c.code)).toEqual(['COUPON_USED_UP']);
    await site.request({
      method: 'DELETE',
      url: '/api/commerce/shopping-cart/coupons/THREE',
      cookies: { CART: refused },
    });
    const retry = await site.request({
      method: 'POST',
      url: '/api/commerce/checkout',
      cookies: { CART: refused },
      payload: {
        email: 'buyer@example.com',
        shippingAddress,
        shippingOptionId: cart.shippingOptions[0].id,
        payment: { token: 'tok_visa' },
      },
    });
    expect(retry.statusCode).toBe(200);
    expect(retry.json().order.discountCents).toBe(0);
    const [coupled] = await db
      .select({ n: count() })
      .from(orders)
      .where(and(eq(orders.websiteId, site.websiteId), isNotNull(orders.couponCode)));
    expect(coupled?.n).toBe(3);
    await site.app.close();
  });

  it('an unlimited coupon counts every order that used it', async () => {
    const site = await createTestSite(backend);
    const tee = await demoProduct(site, 'classic-tee');
    for (let i = 0; i < 2; i++) {
      const res = await addToCart(site, { itemId: tee.id, sku: 'TEE-NAV-S', quantity: 1 });
      const CART = cartTokenFrom(res)!;
      await site.request({
        method: 'POST',
        url: '/api/commerce/shopping-cart/coupons',
        cookies: { CART },
        payload: { code: 'welcome10' },
      });
      const cart = (
        await site.request({ method: 'GET', url: '/api/commerce/shopping-cart', cookies: { CART } })
      ).json();
      const placed = await site.request({
        method: 'POST',
        url: '/api/commerce/checkout',
        cookies: { CART },
        payload: {
          email: 'a@example.com',
          shippingAddress,
          shippingOptionId: cart.shippingOptions[0].id,
          payment: { token: 'tok_visa' },
        },
      });
      expect(placed.statusCode).toBe(200);
      expect(placed.json().order.discountCents).toBe(280);
    }
    const [row] = await site.app.database.db
      .select({ timesUsed: coupons.timesUsed })
      .from(coupons)
      .where(and(eq(coupons.websiteId, site.websiteId), eq(coupons.code, 'WELCOME10')));
    expect(row?.timesUsed).toBe(2);
    await site.app.close();
  });
});
