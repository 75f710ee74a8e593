import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders, variants } from '../src/db/schema/index';
import { addToCart, cartTokenFrom, demoProduct, shippingAddress } from './helpers/shop';
import { createTestSite } from './helpers/test-app';
import { backends } from './helpers/test-db';
import { present } from './helpers/present';

describe.each(backends)('concurrency on %s', (backend) => {
  it('100 concurrent checkouts for 10 units make exactly 10 orders and never oversell', async () => {
    const site = await createTestSite(backend, { appOptions: { cartWritesPer10s: false } });
    const db = site.app.database.db;
    const notebook = await demoProduct(site, 'field-notebook');
    const where = and(eq(variants.websiteId, site.websiteId), eq(variants.sku, 'NOTE-1'));
    await db.update(variants).set({ qtyInStock: 10 }).where(where);

    const carts: string[] = [];
    for (let i = 0; i < 100; i++) {
      const res = await addToCart(site, { itemId: notebook.id, sku: 'NOTE-1', quantity: 1 });
      expect(res.statusCode).toBe(200);
      carts.push(cartTokenFrom(res)!);
    }
    const options = (
      await site.request({
        method: 'GET',
        url: '/api/commerce/shopping-cart',
        cookies: { CART: present(carts[0], 'a cart') },
      })
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
            shippingOptionId: options.shippingOptions[0].id,
            payment: { token: 'tok_visa' },
          },
        }),
      ),
    );
    const ok = results.filter((r) => r.statusCode === 200);
    const refused = results.filter((r) => r.statusCode !== 200);
    expect(ok).toHaveLength(10);
    expect(refused).toHaveLength(90);
    for (const r of refused) {
      expect(r.statusCode).toBe(409);
      expect(r.json().error.message).toBe('Sorry, we do not have enough of that item available.');
    }
    const [orderCount] = await db
      .select({ n: count() })
      .from(orders)
      .where(eq(orders.websiteId, site.websiteId));
    expect(orderCount?.n).toBe(10);
    const [stock] = await db.select({ qty: variants.qtyInStock }).from(variants).where(where);
    expect(stock?.qty).toBe(0);
    await site.app.close();
  });

  it('concurrent adds of the same variant to one cart end as one line with the summed quantity', async () => {
    const site = await createTestSite(backend, { appOptions: { cartWritesPer10s: false } });
    const tote = await demoProduct(site, 'canvas-tote');
    const first = await addToCart(site, { itemId: tote.id, sku: 'TOTE-1', quantity: 1 });
    const token = cartTokenFrom(first)!;
    const results = await Promise.all(
      Array.from({ length: 30 }, () =>
        addToCart(site, { itemId: tote.id, sku: 'TOTE-1', quantity: 2 }, token),
      ),
    );
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    const cart = (
      await site.request({ method: 'GET', url: '/api/commerce/shopping-cart', cookies: { CART: token } })
    ).json();
    expect(cart.entries).toHaveLength(1);
    expect(cart.entries[0].quantity).toBe(61);
    await site.app.close();
  });

  it('concurrent adds to one cart never take a line past the stock (3 left, 10 adds of 1)', async () => {
    const site = await createTestSite(backend, { appOptions: { cartWritesPer10s: false } });
    const notebook = await demoProduct(site, 'field-notebook');
    const first = await addToCart(site, { itemId: notebook.id, sku: 'NOTE-1', quantity: 1 });
    const token = cartTokenFrom(first)!;
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        addToCart(site, { itemId: notebook.id, sku: 'NOTE-1', quantity: 1 }, token),
      ),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(2);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(8);
    const cart = (
      await site.request({ method: 'GET', url: '/api/commerce/shopping-cart', cookies: { CART: token } })
    ).json();
    expect(cart.entries).toHaveLength(1);
    expect(cart.entries[0].quantity).toBe(3);
    await site.app.close();
  });
});
