import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addToCart, cartTokenFrom, demoProduct } from '../../../test/helpers/shop';
import { createTestSite } from '../../../test/helpers/test-app';
import { backends } from '../../../test/helpers/test-db';
import { cartEntries, variants } from '../../db/schema/index';
import { type AddProduct, AddProductCache, addProductCacheFor, watchAddProducts } from './add-product-cache';

const product = { title: 'Tote' } as AddProduct;
const OUT_OF_STOCK = 'Sorry, we do not have enough of that item available.';

describe('AddProductCache', () => {
  it('does not store a product read before an invalidation of its site', () => {
    const cache = new AddProductCache();
    const before = cache.generation('w1');
    cache.invalidateItem('w1', 'other');
    cache.set('w1', 'i1', before, product);
    expect(cache.get('w1', 'i1')).toBeUndefined();
    cache.set('w1', 'i1', cache.generation('w1'), product);
    expect(cache.get('w1', 'i1')).toBe(product);
  });

  it.each([
    ['the item', (c: AddProductCache) => c.invalidateItem('w1', 'i1'), undefined, product],
    ['the site', (c: AddProductCache) => c.invalidateSite('w1'), undefined, product],
    ['everything', (c: AddProductCache) => c.clear(), undefined, undefined],
  ])('drops entries when %s changes', (_name, change, i1, w2) => {
    const cache = new AddProductCache();
    cache.set('w1', 'i1', cache.generation('w1'), product);
    cache.set('w2', 'i1', cache.generation('w2'), product);
    change(cache);
    expect(cache.get('w1', 'i1')).toBe(i1);
    expect(cache.get('w2', 'i1')).toBe(w2);
  });

  it('stays within its bound', () => {
    const cache = new AddProductCache(3);
    for (let i = 0; i < 10; i++) cache.set('w', `i${i}`, cache.generation('w'), product);
    expect([...Array(10).keys()].filter((i) => cache.get('w', `i${i}`)).length).toBeLessThanOrEqual(3);
  });

  it('exists for a database only while something listens to its changes', () => {
    const db = {};
    const a = watchAddProducts(db);
    const b = watchAddProducts(db);
    expect(addProductCacheFor(db)).toBe(a.cache);
    a.release();
    a.release();
    expect(addProductCacheFor(db)).toBe(a.cache);
    b.release();
    expect(addProductCacheFor(db)).toBeUndefined();
  });
});

describe.each(backends)('the one-statement cart add on %s', (backend) => {
  it('checks live stock even when the cached product says there is plenty', async () => {
    const site = await createTestSite(backend, { appOptions: { cartWritesPer10s: false } });
    const db = site.app.database.db;
    const notebook = await demoProduct(site, 'field-notebook');
    const first = await addToCart(site, { itemId: notebook.id, sku: 'NOTE-1', quantity: 1 });
    expect(first.statusCode).toBe(200);
    expect(addProductCacheFor(db)?.get(site.websiteId, notebook.id)?.title).toBeTruthy();
    const token = cartTokenFrom(first)!;
    // Stock falls to 2 and the add follows at once, before any notification can drop the entry.
    await db
      .update(variants)
      .set({ qtyInStock: 2 })
      .where(and(eq(variants.websiteId, site.websiteId), eq(variants.sku, 'NOTE-1')));
    const tooMany = await addToCart(site, { itemId: notebook.id, sku: 'NOTE-1', quantity: 2 }, token);
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().error.message).toBe(OUT_OF_STOCK);
    const fits = await addToCart(site, { itemId: notebook.id, sku: 'NOTE-1', quantity: 1 }, token);
    expect(fits.statusCode).toBe(200);
    expect(fits.json().shoppingCart.entries[0].quantity).toBe(2);
    const lines = await db.select().from(cartEntries).where(eq(cartEntries.sku, 'NOTE-1'));
    expect(lines.filter((l) => l.websiteId === site.websiteId).map((l) => l.quantity)).toEqual([2]);
    await site.app.close();
  });

  it('a new visitor gets a new cart with the line, at the variant’s current price', async () => {
    const site = await createTestSite(backend, { appOptions: { cartWritesPer10s: false } });
    const db = site.app.database.db;
    const tote = await demoProduct(site, 'canvas-tote');
    expect((await addToCart(site, { itemId: tote.id, sku: 'TOTE-1', quantity: 1 })).statusCode).toBe(200);
    await db
      .update(variants)
      .set({ priceCents: 4321 })
      .where(and(eq(variants.websiteId, site.websiteId), eq(variants.sku, 'TOTE-1')));
    const res = await addToCart(site, { itemId: tote.id, sku: 'TOTE-1', quantity: 3 });
    expect(res.statusCode).toBe(200);
    expect(cartTokenFrom(res)).toBeTruthy();
    const cart = res.json().shoppingCart;
    expect(cart.entries).toHaveLength(1);
    expect(cart.entries[0].quantity).toBe(3);
    expect(cart.entries[0].purchasePriceCents).toBe(4321);
    await site.app.close();
  });
});
