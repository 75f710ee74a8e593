import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, shippingOptions, taxRules, variants } from '../../src/db/schema/index';
import { addToCart, cartTokenFrom, type DemoProductRef, demoProduct, shippingAddress } from '../helpers/shop';
import { type TestSite, createTestSite } from '../helpers/test-app';
import { backends } from '../helpers/test-db';
import { type Call, ownerClient } from '../studio/studio-helpers';

const BASE = '/api/studio/commerce';
const CART = '/api/commerce/shopping-cart';

describe.each(backends)('cart pricing from the owner’s settings on %s', (backend) => {
  let site: TestSite;
  let call: Call;
  let tee: DemoProductRef;
  beforeAll(async () => {
    site = await createTestSite(backend);
    ({ call } = await ownerClient(site));
    tee = await demoProduct(site, 'classic-tee');
    const db = site.app.database.db;
    // The buyer: $36.00 of goods (2 × $18.00) weighing 2 × 700 g.
    await db
      .update(variants)
      .set({ priceCents: 1800, weightGrams: 700, qtyInStock: 500 })
      .where(and(eq(variants.websiteId, site.websiteId), eq(variants.sku, 'TEE-NAV-M')));
  });
  afterAll(() => site.app.close());

  async function cart(): Promise<{ CART: string }> {
    const res = await addToCart(site, { itemId: tee.id, sku: 'TEE-NAV-M', quantity: 2 });
    expect(res.statusCode).toBe(200);
    return { CART: cartTokenFrom(res)! };
  }
  const put = (cookies: { CART: string }, url: string, payload: Record<string, unknown>) =>
    site.request({ method: 'PUT', url: `${CART}/${url}`, cookies, payload });
  const view = async (cookies: { CART: string }) =>
    (await site.request({ method: 'GET', url: CART, cookies })).json();

  it('NY buyer: a $41.00 cart shows 8.88 % tax ($3.20) and $44.20 before paying, and pays that', async () => {
    const cookies = await cart();
    const standard = (await view(cookies)).shippingOptions.find(
      (o: { name: string }) => o.name === 'Standard',
    );
    await put(cookies, 'shipping-option', { shippingOptionId: standard.id });
    const before = await view(cookies);
    expect(before).toMatchObject({
      subtotalCents: 3600,
      shippingCostCents: 500,
      taxCents: 0,
      grandTotalCents: 4100,
    });
    const located = (await put(cookies, 'shipping-location', { country: 'US', region: 'NY' })).json()
      .shoppingCart;
    expect(located).toMatchObject({ taxCents: 320, includedTaxCents: 0, grandTotalCents: 4420 });
    expect(located.applicableTaxRules.map((r: { name: string }) => r.name)).toEqual(['New York sales tax']);
    const paid = await site.request({
      method: 'POST',
      url: '/api/commerce/checkout',
      cookies,
      payload: {
        email: 'ny@example.com',
        shippingAddress,
        shippingOptionId: standard.id,
        payment: { token: 'tok_visa' },
      },
    });
    expect(paid.statusCode).toBe(200);
    expect(paid.json().order).toMatchObject({ taxCents: 320, grandTotalCents: 4420 });
  });

  it('offers only the options whose zones match the location, priced by weight and free over an amount', async () => {
    const weight = (
      await call('POST', `${BASE}/shipping-options`, {
        name: 'Canada parcel',
        kind: 'WEIGHT',
        costCents: 300,
        ratePerKgCents: 200,
        zones: [{ country: 'CA' }],
      })
    ).json();
    const ontario = (
      await call('POST', `${BASE}/shipping-options`, {
        name: 'Ontario courier',
        kind: 'FLAT',
        costCents: 900,
        freeOverCents: 3600,
        zones: [{ country: 'CA', region: 'ON' }],
      })
    ).json();
    await call('POST', `${BASE}/shipping-options`, {
      name: 'Paused',
      kind: 'FLAT',
      costCents: 1,
      enabled: false,
    });
    const cookies = await cart();
    const names = (c: { shippingOptions: { name: string }[] }) => c.shippingOptions.map((o) => o.name);
    expect(names(await view(cookies))).toEqual(['Standard', 'Express']);
    const quebec = (await put(cookies, 'shipping-location', { country: 'CA', region: 'QC' })).json()
      .shoppingCart;
    expect(names(quebec)).toEqual(['Standard', 'Express', 'Canada parcel']);
    // 2 × 700 g = 1.4 kg: two started kilograms.
    expect(quebec.shippingOptions.find((o: { id: string }) => o.id === weight.id).costCents).toBe(
      300 + 2 * 200,
    );
    const on = (await put(cookies, 'shipping-location', { country: 'CA', region: 'ON' })).json().shoppingCart;
    expect(on.shippingOptions.find((o: { id: string }) => o.id === ontario.id).costCents).toBe(0);
    // Chosen in Ontario, gone once the address moves to Quebec: nothing selected, nothing charged.
    await put(cookies, 'shipping-option', { shippingOptionId: ontario.id });
    const moved = (await put(cookies, 'shipping-location', { country: 'CA', region: 'QC' })).json()
      .shoppingCart;
    expect(moved.selectedShippingOption).toBeNull();
    expect(moved.shippingCostCents).toBe(0);
    // Checkout enforces the zones too: the Ontario courier cannot ship to an address in NY.
    const refused = await site.request({
      method: 'POST',
      url: '/api/commerce/checkout',
      cookies,
      payload: {
        email: 'z@example.com',
        shippingAddress,
        shippingOptionId: ontario.id,
        payment: { token: 'tok_visa' },
      },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({ shippingOptionId: 'Select a shipping option.' });
    const db = site.app.database.db;
    await db.delete(shippingOptions).where(eq(shippingOptions.websiteId, site.websiteId));
  });

  it('shows included tax without changing the total, and taxes shipping when the rule says so', async () => {
    await call('POST', `${BASE}/shipping-options`, { name: 'UK post', kind: 'FLAT', costCents: 600 });
    await call('POST', `${BASE}/tax-rules`, {
      name: 'VAT',
      country: 'GB',
      rateBasisPoints: 2000,
      included: true,
      appliesToShipping: true,
    });
    const cookies = await cart();
    const post = (await view(cookies)).shippingOptions.find((o: { name: string }) => o.name === 'UK post');
    await put(cookies, 'shipping-option', { shippingOptionId: post.id });
    const gb = (await put(cookies, 'shipping-location', { country: 'GB' })).json().shoppingCart;
    // (3600 + 600) × 20 / 120 = 700 of the £42.00 is VAT.
    expect(gb).toMatchObject({
      taxCents: 700,
      includedTaxCents: 700,
      shippingCostCents: 600,
      grandTotalCents: 4200,
    });
    // The order keeps the included part: its total adds up and the receipt says "included".
    const paid = await site.request({
      method: 'POST',
      url: '/api/commerce/checkout',
      cookies,
      payload: {
        email: 'uk@example.com',
        shippingAddress: {
          ...shippingAddress,
          country: 'GB',
          region: undefined,
          postalCode: 'SW1A 1AA',
          city: 'London',
        },
        shippingOptionId: post.id,
        payment: { token: 'tok_visa' },
      },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const order = paid.json().order;
    expect(order).toMatchObject({ taxCents: 700, includedTaxCents: 700, grandTotalCents: 4200 });
    expect(order.subtotalCents + order.shippingCents + order.taxCents - order.includedTaxCents).toBe(4200);
    const db = site.app.database.db;
    const [receipt] = await db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, 'uk@example.com'), eq(emailOutbox.kind, 'order-receipt')));
    expect(receipt?.textBody).toContain('Tax (included): $7.00');
    expect(receipt?.textBody).not.toMatch(/^Tax: /m);
    await db.delete(taxRules).where(and(eq(taxRules.websiteId, site.websiteId), eq(taxRules.country, 'GB')));
  });

  it.each([
    ['a free-shipping coupon zeroes shipping', { kind: 'FREE_SHIPPING' }, true, { shippingCostCents: 0 }],
    [
      'an ended coupon is listed invalid',
      { kind: 'PERCENTAGE', amount: 10, endsAt: '2020-01-01T00:00:00Z' },
      false,
      'COUPON_EXPIRED',
    ],
    [
      'a future coupon is listed invalid',
      { kind: 'PERCENTAGE', amount: 10, startsAt: '2999-01-01T00:00:00Z' },
      false,
      'COUPON_NOT_STARTED',
    ],
    [
      'a minimum above the subtotal',
      { kind: 'FIXED_AMOUNT', amount: 500, minSubtotalCents: 5000 },
      false,
      'COUPON_MIN_SUBTOTAL_NOT_MET',
    ],
  ] as const)('%s', async (_name, coupon, valid, expected) => {
    const code = `C${Math.random().toString(36).slice(2, 8)}`.toUpperCase();
    expect((await call('POST', `${BASE}/coupons`, { code, ...coupon })).statusCode).toBe(201);
    const cookies = await cart();
    const option = (await view(cookies)).shippingOptions[0];
    await put(cookies, 'shipping-option', { shippingOptionId: option.id });
    const res = await site.request({
      method: 'POST',
      url: `${CART}/coupons`,
      cookies,
      payload: { code: code.toLowerCase() },
    });
    expect(res.statusCode).toBe(200);
    const shown = res.json().shoppingCart;
    if (valid) {
      expect(shown.validCoupons.map((c: { code: string }) => c.code)).toEqual([code]);
      expect(shown).toMatchObject(expected);
    } else {
      expect(shown.validCoupons).toEqual([]);
      expect(shown.invalidCoupons[0].code).toBe(expected);
    }
  });
});
