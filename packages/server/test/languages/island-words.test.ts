import { ISLAND_WORDS } from '@store/commerce';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestSite, createTestSite } from '../helpers/test-app';
import { backends } from '../helpers/test-db';
import { type Call, ownerClient } from '../studio/studio-helpers';

interface Entry {
  subjectType: string;
  subjectId: string;
  field: string;
  label: string;
  defaultText: string;
  value: string | null;
}

/** The island data the page carries in #sf-data. */
const islandDataOf = (html: string) =>
  JSON.parse(/<script type="application\/json" id="sf-data">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '{}');

describe.each(backends)(
  'the cart, checkout, restock and reviews words in the page language on %s',
  (backend) => {
    let site: TestSite;
    let call: Call;
    let entries: Entry[];
    const get = (url: string) => site.request({ method: 'GET', url, crumb: false });
    const entry = (key: string) => {
      const found = entries.find((e) => e.subjectType === 'string' && e.subjectId === key);
      if (!found) throw new Error(`no theme word ${key}`);
      return found;
    };

    beforeAll(async () => {
      site = await createTestSite(backend);
      ({ call } = await ownerClient(site));
      await call('PUT', '/api/multilingual/languages', {
        languages: [
          { language: 'en-US', isDefault: true, enabled: true },
          { language: 'fr-FR', isDefault: false, enabled: true },
        ],
      });
      entries = (
        (await call('GET', '/api/multilingual/translations?language=fr-FR')).json() as { entries: Entry[] }
      ).entries;
    });
    afterAll(() => site.app.close());

    it('offers every island word with the theme words, grouped by where it shows', () => {
      for (const [key, text] of Object.entries(ISLAND_WORDS)) expect(entry(key).defaultText).toBe(text);
      expect(entry('cartApply')).toMatchObject({ label: 'Cart', defaultText: 'Apply', field: 'text' });
      expect(entry('checkoutPlaceOrder')).toMatchObject({ label: 'Checkout', defaultText: 'Place order' });
      expect(entry('restockSubmit').label).toBe('Back in stock');
      expect(entry('reviewsWrite').label).toBe('Reviews');
      // The theme's own "Cart" and "Reviews" keep their places.
      expect(entry('cart').label).toBe('Header and menu');
      expect(entry('reviews').label).toBe('Product page');
    });

    it('sends a French page its translations; English pages carry none of these words', async () => {
      const before = islandDataOf((await get('/cart?lang=en-US')).body);
      for (const key of Object.keys(ISLAND_WORDS)) expect(before.strings?.[key]).toBeUndefined();

      const res = await call('PUT', '/api/multilingual/translations', {
        language: 'fr-FR',
        entries: [
          ['cartApply', 'Appliquer'],
          ['checkoutPlaceOrder', 'Passer la commande'],
          ['cartRemoveItem', 'Retirer {title}'],
          ['restockSubmit', '<b>S’inscrire</b>'],
        ].map(([key, value]) => ({ subjectType: 'string', subjectId: key, field: 'text', value })),
      });
      expect(res.statusCode, res.body).toBe(200);

      const cart = islandDataOf((await get('/cart?lang=fr-FR')).body);
      expect(cart.strings).toMatchObject({
        cartApply: 'Appliquer',
        checkoutPlaceOrder: 'Passer la commande',
        cartRemoveItem: 'Retirer {title}',
      });
      // Plain text only, like the other theme words.
      expect(cart.strings.restockSubmit).toContain('S’inscrire');
      expect(cart.strings.restockSubmit).not.toMatch(/[<>]/);
      // Untranslated words stay with the islands' English defaults.
      expect(cart.strings.cartTotal).toBeUndefined();
      const checkout = islandDataOf((await get('/checkout?lang=fr-FR')).body);
      expect(checkout.strings.checkoutPlaceOrder).toBe('Passer la commande');
      const product = islandDataOf((await get('/shop/p/classic-tee?lang=fr-FR')).body);
      expect(product.strings.restockSubmit).toContain('S’inscrire');

      const english = islandDataOf((await get('/cart?lang=en-US')).body);
      for (const key of Object.keys(ISLAND_WORDS)) expect(english.strings?.[key]).toBeUndefined();
    });
  },
);
