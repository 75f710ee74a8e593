import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders, variants } from '../../src/db/schema/index';
import type { PaymentProvider } from '../../src/services/payments/payment-provider';
import { createTestPaymentProvider } from '../../src/services/payments/test-payment-provider';
import { addToCart, cartTokenFrom, demoProduct, shippingAddress } from '../helpers/shop';
import { shopId, teeBody } from '../catalog-admin/catalog-helpers';
import { createTestSite } from '../helpers/test-app';
import { backends } from '../helpers/test-db';
import { ownerClient } from '../studio/studio-helpers';

describe.each(backends)('crossing checkouts on %s', (backend) => {
  it('40 carts holding two products in opposite orders check out at once: no 500, stock never below 0', async () => {
    // The test provider, watched: a transaction run again after a deadlock asks it again.
    const provider = createTestPaymentProvider();
    const charges = new Set<string>();
    let asked = 0;
    const payments: PaymentProvider = {
      ...provider,
      async charge(request) {
        asked++;
        const answer = await provider.charge(request);
        if (answer.state === 'captured') charges.add(answer.reference);
        return answer;
      },
    };
    const site = await createTestSite(backend, { appOptions: { cartWritesPer10s: false, payments } });
    const db = site.app.database.db;
    const notebook = await demoProduct(site, 'field-notebook');
    const pins = await demoProduct(site, 'enamel-pin-set');
    const skus = ['NOTE-1', 'PIN-SET'];
    const stockWhere = and(eq(variants.websiteId, site.websiteId), inArray(variants.sku, skus));
    // Fewer units than carts: some checkouts must be refused for stock, none may oversell.
    await db.update(variants).set({ qtyInStock: 30 }).where(stockWhere);

    const lines = {
      notebook: { itemId: notebook.id, sku: 'NOTE-1', quantity: 1 },
      pins: { itemId: pins.id, sku: 'PIN-SET', quantity: 1 },
    };
    const carts: string[] = [];
    for (let i = 0; i < 40; i++) {
      const [first, second] = i % 2 === 0 ? [lines.notebook, lines.pins] : [lines.pins, lines.notebook];
      const added = await addToCart(site, first);
      expect(added.statusCode).toBe(200);
      const token = cartTokenFrom(added) as string;
      expect((await addToCart(site, second, token)).statusCode).toBe(200);
      carts.push(token);
    }
    const shown = await site.request({
      method: 'GET',
      url: '/api/commerce/shopping-cart',
      cookies: { CART: carts[0] as string },
    });
    const shippingOptionId = shown.json().shippingOptions[0].id;

    const results = await Promise.all(
      carts.map((CART) =>
        site.request({
          method: 'POST',
          url: '/api/commerce/checkout',
          cookies: { CART },
          payload: {
            email: 'buyer@example.com',
            shippingAddress,
            shippingOptionId,
            payment: { token: 'tok_visa' },
          },
        }),
      ),
    );
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    // Each order takes one of each: 30 units of each make exactly 30 orders.
    expect(statuses.filter((s) => s === 200)).toHaveLength(30);
    for (const refused of results.filter((r) => r.statusCode !== 200)) {
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error.message).toBe('Sorry, we do not have enough of that item available.');
    }
    const stock = await db
      .select({ sku: variants.sku, qty: variants.qtyInStock })
      .from(variants)
      .where(stockWhere);
    expect(stock.map((s) => s.qty)).toEqual([0, 0]);
    const placed = await db
      .select({ reference: orders.paymentReference })
      .from(orders)
      .where(eq(orders.websiteId, site.websiteId));
    expect(placed).toHaveLength(30);
    // One charge per order, however often a retried transaction asked the provider.
    expect(asked).toBeGreaterThanOrEqual(30);
    expect(charges.size).toBe(30);
    expect(new Set(placed.map((o) => o.reference))).toEqual(charges);
    await site.app.close();
  });

  it('product saves that rewrite its variants meet checkouts of them: no 500', async () => {
    const site = await createTestSite(backend, { appOptions: { cartWritesPer10s: false } });
    const { call } = await ownerClient(site);
    const shop = await shopId(backend, site);
    const body = teeBody(shop);
    const created = (await call('POST', '/api/studio/products', body)).json();
    const [first, , , last] = created.variants as { id: string; sku: string }[];
    await site.app.database.db
      .update(variants)
      .set({ qtyInStock: 1000 })
      .where(eq(variants.itemId, created.id));
    const lines = [first, last].map((v) => ({ itemId: created.id, sku: v?.sku, quantity: 1 }));
    const carts: string[] = [];
    for (let i = 0; i < 16; i++) {
      const [a, b] = i % 2 === 0 ? lines : [...lines].reverse();
      const added = await addToCart(site, a as Record<string, unknown>);
      expect(added.statusCode).toBe(200);
      const token = cartTokenFrom(added) as string;
      expect((await addToCart(site, b as Record<string, unknown>, token)).statusCode).toBe(200);
      carts.push(token);
    }
    const shippingOptionId = (
      await site.request({
        method: 'GET',
        url: '/api/commerce/shopping-cart',
        cookies: { CART: carts[0] as string },
      })
    ).json().shippingOptions[0].id;
    // Saves list the variants last first: each save writes them in the other order.
    const save = () =>
      call('PUT', `/api/studio/products/${created.id}`, {
        ...body,
        title: created.title,
        variants: [...created.variants]
          .reverse()
          .map((v: Record<string, unknown>) => ({ ...v, qtyInStock: 1000 })),
      });
    const results = await Promise.all([
      ...carts.map((CART) =>
        site.request({
          method: 'POST',
          url: '/api/commerce/checkout',
          cookies: { CART },
          payload: {
            email: 'buyer@example.com',
            shippingAddress,
            shippingOptionId,
            payment: { token: 'tok_visa' },
          },
        }),
      ),
      ...Array.from({ length: 8 }, save),
    ]);
    expect(results.filter((r) => r.statusCode >= 500).map((r) => r.body)).toEqual([]);
    expect(results.map((r) => r.statusCode)).toEqual(Array(24).fill(200));
    await site.app.close();
  });
});
