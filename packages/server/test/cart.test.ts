import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carts } from '../src/db/schema/index';
import { addToCart, cartTokenFrom, type DemoProductRef, demoProduct } from './helpers/shop';
import { createTestSite, type TestSite } from './helpers/test-app';
import { backends } from './helpers/test-db';

describe.each(backends)('shopping cart API on %s', (backend) => {
  let site: TestSite;
  let tee: DemoProductRef;
  beforeAll(async () => {
    site = await createTestSite(backend);
    tee = await demoProduct(site, 'classic-tee');
  });
  afterAll(() => site.app.close());

  it('adds an entry, sets the CART and hasCart cookies, and returns shoppingCart + newlyAdded', async () => {
    const res = await addToCart(site, {
      itemId: tee.id,
      sku: 'TEE-NAV-M',
      quantity: 2,
      additionalFields: null,
    });
    expect(res.statusCode).toBe(200);
    const token = cartTokenFrom(res);
    expect(token).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
    expect(res.cookies.find((c) => c.name === 'hasCart')?.value).toBe('true');
    const { shoppingCart, newlyAdded } = res.json();
    expect(newlyAdded).toMatchObject({
      itemId: tee.id,
      quantity: 2,
      title: 'Classic Tee',
      purchasePriceCents: 2800,
    });
    expect(newlyAdded.chosenVariant).toEqual({ sku: 'TEE-NAV-M', attributes: { Size: 'M', Color: 'Navy' } });
    expect(shoppingCart).toMatchObject({
      subtotalCents: 5600,
      totalQuantity: 2,
      requiresShipping: true,
      isPurchased: false,
    });
    for (const field of [
      'id',
      'websiteId',
      'orderId',
      'created',
      'isPurchased',
      'entries',
      'shippingOptions',
      'selectedShippingOption',
      'shippingLocation',
      'applicableTaxRules',
      'coupons',
      'validCoupons',
      'invalidCoupons',
      'subtotalCents',
      'taxCents',
      'shippingCostCents',
      'discountCents',
      'grandTotalCents',
      'totalQuantity',
      'hasDigital',
      'purelyDigital',
      'requiresShipping',
      'subtotalAmount',
    ]) {
      expect(shoppingCart).toHaveProperty(field);
    }
    expect(shoppingCart.subtotalAmount).toEqual({ value: '56.00', currency: 'USD' });

    const again = await site.request({
      method: 'GET',
      url: '/api/commerce/shopping-cart?calculateSubtotal=true',
      cookies: { CART: token! },
    });
    expect(again.json().entries).toHaveLength(1);
    expect(again.json().grandTotalCents).toBe(5600);
  });

  it('merges a second add of the same variant into one line', async () => {
    const first = await addToCart(site, { itemId: tee.id, sku: 'TEE-NAV-S', quantity: 1 });
    const token = cartTokenFrom(first)!;
    const second = await addToCart(site, { itemId: tee.id, sku: 'TEE-NAV-S', quantity: 3 }, token);
    expect(second.json().shoppingCart.entries).toHaveLength(1);
    expect(second.json().shoppingCart.entries[0].quantity).toBe(4);
  });

  it('answers an add with the cart a fresh read shows: lines in the order added, the re-added one in place', async () => {
    const first = await addToCart(site, { itemId: tee.id, sku: 'TEE-NAV-S', quantity: 1 });
    const token = cartTokenFrom(first)!;
    await addToCart(site, { itemId: tee.id, sku: 'TEE-NAV-M', quantity: 1 }, token);
    await addToCart(site, { itemId: tee.id, sku: 'TEE-NAV-L', quantity: 1 }, token);
    // The middle line again: the answer is built partly from the written row, partly from
    // the other lines' join, and must not move it to the end.
    const again = await addToCart(site, { itemId: tee.id, sku: 'TEE-NAV-M', quantity: 2 }, token);
    expect(again.statusCode).toBe(200);
    const answered = again.json().shoppingCart;
    expect(answered.entries.map((e: { chosenVariant: { sku: string } }) => e.chosenVariant.sku)).toEqual([
      'TEE-NAV-S',
      'TEE-NAV-M',
      'TEE-NAV-L',
    ]);
    expect(answered.entries[1]).toMatchObject({ quantity: 3, title: 'Classic Tee', subTotal: 8400 });
    const read = await site.request({
      method: 'GET',
      url: '/api/commerce/shopping-cart',
      cookies: { CART: token },
    });
    expect(read.json()).toEqual(answered);
  });

  it('records the last activity of a cart to the minute: an add rewrites a stale updated_at only', async () => {
    const db = site.app.database.db;
    const first = await addToCart(site, { itemId: tee.id, sku: 'TEE-NAV-S', quantity: 1 });
    const token = cartTokenFrom(first)!;
    const updatedAt = async () =>
      (await db.select({ at: carts.updatedAt }).from(carts).where(eq(carts.token, token)))[0]!.at.getTime();
    await db
      .update(carts)
      .set({ updatedAt: sql`now() - interval '2 minutes'` })
      .where(eq(carts.token, token));
    const stale = await updatedAt();
    await addToCart(site, { itemId: tee.id, sku: 'TEE-NAV-S', quantity: 1 }, token);
    const touched = await updatedAt();
    expect(touched - stale).toBeGreaterThan(60_000);
    await addToCart(site, { itemId: tee.id, sku: 'TEE-NAV-M', quantity: 1 }, token);
    expect(await updatedAt()).toBe(touched);
  });

  it.each([
    [{ sku: null }, 400, 'Please select the Size and Color options.'],
    [{ sku: null, chosenOptions: { Size: 'M' } }, 400, 'Please select the Color option.'],
    [
      { sku: null, chosenOptions: { Size: 'XL', Color: 'Navy' } },
      400,
      'Sorry, that item variant is unavailable. Please select another variant.',
    ],
    [{ sku: 'TEE-SAN-L' }, 409, 'Sorry, we do not have enough of that item available.'],
    [{ sku: 'TEE-NAV-L', quantity: 6 }, 409, 'Sorry, we do not have enough of that item available.'],
    [{ sku: 'TEE-NAV-M', quantity: 'two' }, 400, 'Quantity must be a number.'],
    [{ sku: 'TEE-NAV-M', quantity: 1.5 }, 400, 'Quantity must be a whole number'],
  ])('refuses %o with the spec message', async (body, status, message) => {
    const res = await addToCart(site, { itemId: tee.id, quantity: 1, ...body });
    expect(res.statusCode).toBe(status);
    expect(res.json().error.message).toBe(message);
  });

  it('counts what is already in the cart against stock', async () => {
    const first = await addToCart(site, { itemId: tee.id, sku: 'TEE-SAN-M', quantity: 2 });
    expect(first.statusCode).toBe(200);
    const second = await addToCart(
      site,
      { itemId: tee.id, sku: 'TEE-SAN-M', quantity: 1 },
      cartTokenFrom(first),
    );
    expect(second.statusCode).toBe(409);
    expect(second.json().error.message).toBe('Sorry, we do not have enough of that item available.');
  });

  it('refuses quantities outside 1–9999', async () => {
    const tote = await demoProduct(site, 'canvas-tote');
    for (const quantity of [0, -1, 10000]) {
      const res = await addToCart(site, { itemId: tote.id, sku: 'TOTE-1', quantity });
      expect(res.statusCode).toBe(400);
    }
    const ok = await addToCart(site, { itemId: tote.id, sku: 'TOTE-1', quantity: 9999 });
    expect(ok.statusCode).toBe(200);
    const over = await addToCart(site, { itemId: tote.id, sku: 'TOTE-1', quantity: 1 }, cartTokenFrom(ok));
    expect(over.statusCode).toBe(400);
  });

  it('asks for a gift card denomination', async () => {
    const gift = await demoProduct(site, 'gift-card');
    const res = await addToCart(site, { itemId: gift.id, sku: null });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Select a denomination for the Gift Card');
  });

  it('requires additional-fields answers for products with a form and rejects unparseable ones', async () => {
    const necklace = await demoProduct(site, 'engraved-necklace');
    const missing = await addToCart(site, { itemId: necklace.id, sku: 'NECK-1' });
    expect(missing.statusCode).toBe(400);
    const bad = await addToCart(site, { itemId: necklace.id, sku: 'NECK-1', additionalFields: '{nope' });
    expect(bad.json().error.message).toBe('Could not parse the form fields, please check your entries.');
    const ok = await addToCart(site, {
      itemId: necklace.id,
      sku: 'NECK-1',
      additionalFields: JSON.stringify({ 'engraving-text': 'ADA', 'engraving-font': 'Serif' }),
    });
    expect(ok.statusCode).toBe(200);
    const token = cartTokenFrom(ok)!;
    const entryId = ok.json().newlyAdded.id;
    const put = await site.request({
      method: 'PUT',
      url: `/api/commerce/shopping-cart/entries/${entryId}/additionalFields`,
      cookies: { CART: token },
      payload: {
        itemId: necklace.id,
        sku: 'NECK-1',
        additionalFields: JSON.stringify({ 'engraving-text': 'GRACE', 'engraving-font': 'Script' }),
      },
    });
    expect(put.statusCode).toBe(200);
    expect(JSON.parse(put.json().updatedEntry.additionalFields)).toEqual({
      'engraving-text': 'GRACE',
      'engraving-font': 'Script',
    });
  });

  it.each([
    ['missing itemId', { quantity: 1 }],
    ['itemId of the wrong type', { itemId: 42 }],
    ['huge itemId', { itemId: 'x'.repeat(5000) }],
    ['additionalFields not a string', { itemId: 'a', additionalFields: { a: 1 } }],
  ])('answers 400 for %s', async (_name, body) => {
    const res = await addToCart(site, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
  });

  it('answers 404 for an unknown item', async () => {
    const res = await addToCart(site, { itemId: 'no-such-item', sku: null });
    expect(res.statusCode).toBe(404);
  });

  it('changes quantity and removes entries, with the cart UI messages on failure', async () => {
    const added = await addToCart(site, { itemId: tee.id, sku: 'TEE-NAV-S', quantity: 1 });
    const token = cartTokenFrom(added)!;
    const entryId = added.json().newlyAdded.id;
    const patch = await site.request({
      method: 'PATCH',
      url: `/api/commerce/shopping-cart/entries/${entryId}`,
      cookies: { CART: token },
      payload: { quantity: 3 },
    });
    expect(patch.json().shoppingCart.entries[0].quantity).toBe(3);
    const tooMany = await site.request({
      method: 'PATCH',
      url: `/api/commerce/shopping-cart/entries/${entryId}`,
      cookies: { CART: token },
      payload: { quantity: 13 },
    });
    expect(tooMany.statusCode).toBe(409);
    const unknown = await site.request({
      method: 'DELETE',
      url: '/api/commerce/shopping-cart/entries/not-an-entry',
      cookies: { CART: token },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe('Unable to remove item');
    const del = await site.request({
      method: 'DELETE',
      url: `/api/commerce/shopping-cart/entries/${entryId}`,
      cookies: { CART: token },
    });
    expect(del.json().shoppingCart.entries).toEqual([]);
    expect(del.json().shoppingCart.totalQuantity).toBe(0);
  });

  it('applies coupons, shipping and tax, and the parts add up to the grand total', async () => {
    const added = await addToCart(site, { itemId: tee.id, sku: 'TEE-NAV-M', quantity: 2 });
    const cookies = { CART: cartTokenFrom(added)! };
    const bad = await site.request({
      method: 'POST',
      url: '/api/commerce/shopping-cart/coupons',
      cookies,
      payload: { code: 'NOPE' },
    });
    expect(bad.statusCode).toBe(400);
    await site.request({
      method: 'POST',
      url: '/api/commerce/shopping-cart/coupons',
      cookies,
      payload: { code: 'welcome10' },
    });
    const cart = (await site.request({ method: 'GET', url: '/api/commerce/shopping-cart', cookies })).json();
    const option = cart.shippingOptions[0];
    await site.request({
      method: 'PUT',
      url: '/api/commerce/shopping-cart/shipping-option',
      cookies,
      payload: { shippingOptionId: option.id },
    });
    const located = await site.request({
      method: 'PUT',
      url: '/api/commerce/shopping-cart/shipping-location',
      cookies,
      payload: { country: 'US', region: 'NY' },
    });
    const c = located.json().shoppingCart;
    expect(c.discountCents).toBe(560);
    expect(c.shippingCostCents).toBe(500);
    expect(c.taxCents).toBeGreaterThan(0);
    expect(Number.isInteger(c.taxCents)).toBe(true);
    expect(c.grandTotalCents).toBe(c.subtotalCents - c.discountCents + c.shippingCostCents + c.taxCents);
    expect(c.applicableTaxRules).toHaveLength(1);
  });

  it('reports stock per variant', async () => {
    const res = await site.request({ method: 'GET', url: `/api/commerce/inventory/stock/?itemId=${tee.id}` });
    const results = res.json().results;
    expect(results).toHaveLength(6);
    expect(results.find((r: { sku: string }) => r.sku === 'TEE-SAN-L')).toMatchObject({
      qtyInStock: 0,
      unlimited: false,
    });
    const missing = await site.request({ method: 'GET', url: '/api/commerce/inventory/stock/' });
    expect(missing.statusCode).toBe(400);
  });

  it('creates a subscription cart and returns its token', async () => {
    const coffee = await demoProduct(site, 'coffee-subscription');
    const res = await site.request({
      method: 'POST',
      url: '/api/3/commerce/cart/subscription',
      payload: { itemId: coffee.id, sku: 'COFFEE-SUB', qty: 1, additionalFields: null },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().cartToken).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
    const notSub = await site.request({
      method: 'POST',
      url: '/api/3/commerce/cart/subscription',
      payload: { itemId: tee.id, sku: 'TEE-NAV-M', qty: 1 },
    });
    expect(notSub.statusCode).toBe(400);
    const fractional = await site.request({
      method: 'POST',
      url: '/api/3/commerce/cart/subscription',
      payload: { itemId: coffee.id, sku: 'COFFEE-SUB', qty: 1.5 },
    });
    expect(fractional.json().error.message).toBe('Quantity must be a whole number');
  });

  it('reads a subscription cart back by its token for the subscription checkout', async () => {
    const coffee = await demoProduct(site, 'coffee-subscription');
    const created = await site.request({
      method: 'POST',
      url: '/api/3/commerce/cart/subscription',
      payload: { itemId: coffee.id, sku: 'COFFEE-SUB', qty: 2 },
    });
    const { cartToken } = created.json();
    const res = await site.request({
      method: 'GET',
      url: `/api/3/commerce/cart/subscription?cartToken=${cartToken}`,
    });
    expect(res.statusCode).toBe(200);
    const cart = res.json().shoppingCart;
    expect(cart.entries).toHaveLength(1);
    expect(cart.entries[0]).toMatchObject({ itemId: coffee.id, quantity: 2, title: 'Coffee Subscription' });
    const bad = await site.request({ method: 'GET', url: '/api/3/commerce/cart/subscription?cartToken=<x>' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBeTruthy();
  });

  it('refuses cart writes without a crumb with the crumbFail shape', async () => {
    const res = await site.request({
      method: 'POST',
      url: '/api/commerce/shopping-cart/entries',
      payload: { itemId: tee.id, sku: 'TEE-NAV-M' },
      crumb: false,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().crumbFail).toBe(true);
  });
});

describe.each(backends)('cart rate limiting on %s', (backend) => {
  it('answers 429 "Please try again in a few seconds." past the limit', async () => {
    const site = await createTestSite(backend, { appOptions: { cartWritesPer10s: 3 } });
    const tote = await demoProduct(site, 'canvas-tote');
    const statuses: number[] = [];
    let last: { error: { message: string } } | undefined;
    for (let i = 0; i < 5; i++) {
      const res = await addToCart(site, { itemId: tote.id, sku: 'TOTE-1' });
      statuses.push(res.statusCode);
      last = res.json();
    }
    expect(statuses.slice(0, 3)).toEqual([200, 200, 200]);
    expect(statuses[4]).toBe(429);
    expect(last?.error.message).toBe('Please try again in a few seconds.');
    await site.app.close();
  });
});
