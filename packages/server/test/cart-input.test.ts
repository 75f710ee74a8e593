import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestSite, createTestSite } from './helpers/test-app';
import { backends } from './helpers/test-db';
import { type DemoProductRef, addToCart, cartTokenFrom, demoProduct } from './helpers/shop';
import { present } from './helpers/present';

/** Additional fields checked on the server, strict quantities. */
describe.each(backends)('cart input rules on %s', (backend) => {
  let site: TestSite;
  let necklace: DemoProductRef;
  let tote: DemoProductRef;
  const toteSku = () => present(tote.variants[0], 'the tote variant').sku;
  beforeAll(async () => {
    site = await createTestSite(backend, { appOptions: { cartWritesPer10s: false } });
    necklace = await demoProduct(site, 'engraved-necklace');
    tote = await demoProduct(site, 'canvas-tote');
  });
  afterAll(() => site.app.close());

  it('takes additionalFields "null" (JSON.stringify(null)) as no fields for a product without a form', async () => {
    const res = await addToCart(site, {
      itemId: tote.id,
      sku: toteSku(),
      additionalFields: 'null',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().newlyAdded.itemId).toBe(tote.id);
  });

  it.each([
    ['no answers', {}, 'FORM_INVALID'],
    [
      'an option the form does not offer',
      { 'engraving-text': 'ADA', 'engraving-font': 'Gothic' },
      'FORM_UNPARSEABLE',
    ],
    [
      'text over the limit',
      { 'engraving-text': 'x'.repeat(10_001), 'engraving-font': 'Serif' },
      'FORM_UNPARSEABLE',
    ],
    [
      'a field the form does not have',
      { 'engraving-text': 'ADA', 'engraving-font': 'Serif', extra: 'x' },
      'FORM_UNPARSEABLE',
    ],
  ])('refuses %s for the engraved necklace', async (_name, fields, code) => {
    const res = await addToCart(site, {
      itemId: necklace.id,
      sku: 'NECK-1',
      additionalFields: JSON.stringify(fields),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe(code);
    if (code === 'FORM_INVALID')
      expect(res.json().errors).toEqual({ 'engraving-text': 'Required', 'engraving-font': 'Required' });
  });

  it('refuses arbitrary fields for a product with no form', async () => {
    const res = await addToCart(site, {
      itemId: tote.id,
      sku: toteSku(),
      additionalFields: JSON.stringify({ note: 'stored for free' }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Could not parse the form fields, please check your entries.');
  });

  it('checks an update of the fields against the form too', async () => {
    const ok = await addToCart(site, {
      itemId: necklace.id,
      sku: 'NECK-1',
      additionalFields: JSON.stringify({ 'engraving-text': 'ADA', 'engraving-font': 'Serif' }),
    });
    expect(ok.statusCode).toBe(200);
    const put = await site.request({
      method: 'PUT',
      url: `/api/commerce/shopping-cart/entries/${ok.json().newlyAdded.id}/additionalFields`,
      cookies: { CART: cartTokenFrom(ok) ?? '' },
      payload: { additionalFields: JSON.stringify({ 'engraving-text': 'ADA', 'engraving-font': 'Gothic' }) },
    });
    expect(put.statusCode).toBe(400);
    expect(put.json().error.code).toBe('FORM_UNPARSEABLE');
  });

  it.each(['0x10', '1e3', ' 2 '])('refuses quantity %j (only decimal whole numbers)', async (quantity) => {
    const res = await addToCart(site, { itemId: tote.id, sku: toteSku(), quantity });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Quantity must be a number.');
  });
});
