import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { giftCards, orders, variants, websites } from '../src/db/schema/index';
import { addToCart, cartTokenFrom, type DemoProductRef, demoProduct, shippingAddress } from './helpers/shop';
import { createTestSite, type TestSite } from './helpers/test-app';
import { backends } from './helpers/test-db';
import { present } from './helpers/present';

const pay = { provider: 'test', token: 'tok_visa' };

describe.each(backends)('checkout on %s', (backend) => {
  let site: TestSite;
  let tee: DemoProductRef;
  beforeAll(async () => {
    site = await createTestSite(backend);
    tee = await demoProduct(site, 'classic-tee');
  });
  afterAll(() => site.app.close());

  async function stockOf(sku: string): Promise<number> {
    const [row] = await site.app.database.db
      .select({ qty: variants.qtyInStock })
      .from(variants)
      .where(and(eq(variants.websiteId, site.websiteId), eq(variants.sku, sku)));
    return present(row, `variant ${sku}`).qty;
  }

  async function cartWith(body: Record<string, unknown>): Promise<{ CART: string }> {
    const res = await addToCart(site, body);
    expect(res.statusCode).toBe(200);
    return { CART: cartTokenFrom(res)! };
  }

  function checkout(cookies: Record<string, string>, body: Record<string, unknown>) {
    return site.request({ method: 'POST', url: '/api/commerce/checkout', cookies, payload: body });
  }

  it('places an order, decrements stock, marks the cart purchased and clears the cart cookies', async () => {
    const before = await stockOf('TEE-NAV-M');
    const cookies = await cartWith({ itemId: tee.id, sku: 'TEE-NAV-M', quantity: 2 });
    const cart = (await site.request({ method: 'GET', url: '/api/commerce/shopping-cart', cookies })).json();
    const res = await checkout(cookies, {
      email: 'ada@example.com',
      shippingAddress,
      shippingOptionId: cart.shippingOptions[0].id,
      payment: pay,
    });
    expect(res.statusCode).toBe(200);
    const { order, accessToken, confirmationUrl } = res.json();
    expect(order).toMatchObject({
      testMode: true,
      purchasedCartId: cart.id,
      email: 'ada@example.com',
      subtotalCents: 5600,
      shippingCents: 500,
      shippingOptionName: 'Standard',
      items: [{ sku: 'TEE-NAV-M', productName: 'Classic Tee', quantity: 2, unitPriceCents: 2800 }],
    });
    expect(order.grandTotalCents).toBe(
      order.subtotalCents - order.discountCents + order.shippingCents + order.taxCents,
    );
    expect(order.taxCents).toBe(Math.round(5600 * 0.0888));
    expect(confirmationUrl).toContain(order.id);
    expect(await stockOf('TEE-NAV-M')).toBe(before - 2);
    expect(res.cookies.find((c) => c.name === 'CART')?.value).toBe('');

    const after = await site.request({ method: 'GET', url: '/api/commerce/shopping-cart', cookies });
    expect(after.json().entries).toEqual([]);
    const read = await site.request({
      method: 'GET',
      url: `/api/commerce/orders/${order.id}?token=${accessToken}`,
    });
    expect(read.json().order.id).toBe(order.id);
    const wrong = await site.request({ method: 'GET', url: `/api/commerce/orders/${order.id}?token=wrong` });
    expect(wrong.statusCode).toBe(404);
    const again = await checkout(cookies, { email: 'ada@example.com', shippingAddress, payment: pay });
    expect(again.json().error.message).toBe('You have nothing in your shopping cart.');
  });

  it('refuses a page made for another payment provider, and keeps the cart and stock', async () => {
    const before = await stockOf('TEE-NAV-M');
    const cookies = await cartWith({ itemId: tee.id, sku: 'TEE-NAV-M', quantity: 1 });
    const cart = (await site.request({ method: 'GET', url: '/api/commerce/shopping-cart', cookies })).json();
    const order = {
      email: 'ada@example.com',
      shippingAddress,
      shippingOptionId: cart.shippingOptions[0].id,
    };
    const stale = await checkout(cookies, {
      ...order,
      payment: { provider: 'stripe', token: 'pm_card_visa' },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toEqual({
      code: 'CONFLICT',
      message: "This shop's payment options changed. Please reload the page and place your order again.",
    });
    expect(await stockOf('TEE-NAV-M')).toBe(before);
    const placed = await checkout(cookies, { ...order, payment: pay });
    expect(placed.statusCode).toBe(200);
    expect(await stockOf('TEE-NAV-M')).toBe(before - 1);
  });

  it.each([
    ['a bad email', { email: 'not-an-email' }],
    ['a missing payment', { email: 'a@b.co', payment: undefined }],
    ['a lower-case country', { email: 'a@b.co', shippingAddress: { ...shippingAddress, country: 'us' } }],
    ['a huge field', { email: 'a@b.co', shippingAddress: { ...shippingAddress, city: 'x'.repeat(10_000) } }],
  ])('answers 400 for %s', async (_name, overrides) => {
    const cookies = await cartWith({ itemId: tee.id, sku: 'TEE-NAV-S', quantity: 1 });
    const res = await checkout(cookies, { shippingAddress, payment: pay, ...overrides });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
  });

  it('requires a shipping address and option for physical goods', async () => {
    const cookies = await cartWith({ itemId: tee.id, sku: 'TEE-NAV-S', quantity: 1 });
    const noAddress = await checkout(cookies, { email: 'a@b.co', payment: pay });
    expect(noAddress.statusCode).toBe(400);
    expect(noAddress.json().errors).toEqual({ shippingAddress: 'Required' });
    const noOption = await checkout(cookies, { email: 'a@b.co', shippingAddress, payment: pay });
    expect(noOption.json().errors).toEqual({ shippingOptionId: 'Select a shipping option.' });
  });

  it('sells digital products without shipping and issues gift cards', async () => {
    const presets = await demoProduct(site, 'lightroom-presets');
    const gift = await demoProduct(site, 'gift-card');
    const first = await addToCart(site, { itemId: presets.id, sku: 'DIGI-PRESETS' });
    const cookies = { CART: cartTokenFrom(first)! };
    await site.request({
      method: 'POST',
      url: '/api/commerce/shopping-cart/entries',
      cookies,
      payload: { itemId: gift.id, sku: 'GIFT-50', quantity: 2 },
    });
    const res = await checkout(cookies, { email: 'gift@example.com', payment: pay });
    expect(res.statusCode).toBe(200);
    const { order } = res.json();
    expect(order.shippingAddress).toBeNull();
    expect(order.subtotalCents).toBe(1900 + 2 * 5000);
    expect(order.giftCards).toHaveLength(2);
    expect(order.giftCards[0].amount).toEqual({ value: '50.00', currency: 'USD' });
    const stored = await site.app.database.db.select().from(giftCards).where(eq(giftCards.orderId, order.id));
    expect(stored.map((g) => g.balanceCents)).toEqual([5000, 5000]);
  });

  it('commits nothing when the payment is declined', async () => {
    const before = await stockOf('TEE-NAV-L');
    const cookies = await cartWith({ itemId: tee.id, sku: 'TEE-NAV-L', quantity: 1 });
    const cart = (await site.request({ method: 'GET', url: '/api/commerce/shopping-cart', cookies })).json();
    const res = await checkout(cookies, {
      email: 'a@b.co',
      shippingAddress,
      shippingOptionId: cart.shippingOptions[0].id,
      payment: { token: 'tok_chargeDeclined' },
    });
    expect(res.statusCode).toBe(402);
    expect(res.json().error.message).toBe('Your card was declined.');
    expect(await stockOf('TEE-NAV-L')).toBe(before);
    const stillThere = await site.request({ method: 'GET', url: '/api/commerce/shopping-cart', cookies });
    expect(stillThere.json().entries).toHaveLength(1);
  });

  it('shows current prices in the cart and keeps checkout-time prices in the order', async () => {
    const pins = await demoProduct(site, 'enamel-pin-set');
    const cookies = await cartWith({ itemId: pins.id, sku: 'PIN-SET', quantity: 1 });
    const db = site.app.database.db;
    const setSale = (cents: number) =>
      db
        .update(variants)
        .set({ salePriceCents: cents })
        .where(and(eq(variants.websiteId, site.websiteId), eq(variants.sku, 'PIN-SET')));
    await setSale(1200);
    const cart = (await site.request({ method: 'GET', url: '/api/commerce/shopping-cart', cookies })).json();
    expect(cart.entries[0].purchasePriceCents).toBe(1200);
    const res = await checkout(cookies, {
      email: 'a@b.co',
      shippingAddress,
      shippingOptionId: cart.shippingOptions[0].id,
      payment: pay,
    });
    await setSale(9900);
    const [row] = await db.select().from(orders).where(eq(orders.id, res.json().order.id));
    expect(row?.subtotalCents).toBe(1200);
  });

  it('checks out a subscription cart by its token', async () => {
    const coffee = await demoProduct(site, 'coffee-subscription');
    const sub = await site.request({
      method: 'POST',
      url: '/api/3/commerce/cart/subscription',
      payload: { itemId: coffee.id, sku: 'COFFEE-SUB', qty: 1 },
    });
    const cartToken = sub.json().cartToken;
    const options = (
      await site.request({ method: 'GET', url: '/api/commerce/shopping-cart', cookies: { CART: cartToken } })
    ).json();
    const res = await checkout(
      {},
      {
        email: 'a@b.co',
        shippingAddress,
        shippingOptionId: options.shippingOptions[0].id,
        payment: pay,
        cartToken,
      },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().order.items[0].sku).toBe('COFFEE-SUB');
  });
});

describe.each(backends)('checkout rules needing their own site on %s', (backend) => {
  it('enforces the minimum order subtotal with the spec message', async () => {
    const site = await createTestSite(backend);
    const [row] = await site.app.database.db.select().from(websites).where(eq(websites.id, site.websiteId));
    await site.app.database.db
      .update(websites)
      .set({
        storeSettings: { ...present(row, 'the site').storeSettings, minimumOrderSubtotalCents: 100_000 },
      })
      .where(eq(websites.id, site.websiteId));
    const tote = await demoProduct(site, 'canvas-tote');
    const res = await addToCart(site, { itemId: tote.id, sku: 'TOTE-1' });
    const cookies = { CART: cartTokenFrom(res)! };
    const out = await site.request({
      method: 'POST',
      url: '/api/commerce/checkout',
      cookies,
      payload: { email: 'a@b.co', shippingAddress, payment: pay },
    });
    expect(out.json().error.message).toBe('To check out, your order subtotal must be $1,000.00 or more.');
    await site.app.close();
  });
});
