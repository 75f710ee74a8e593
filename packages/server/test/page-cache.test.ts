import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { variants } from '../src/db/schema/index';
import { PageCache } from '../src/pages/page-cache';
import { type TestSite, createTestSite } from './helpers/test-app';
import { backends, testDatabase } from './helpers/test-db';

/** Poll until `check` passes or `ms` elapse; returns the time it took. */
async function within(ms: number, check: () => Promise<boolean>): Promise<number> {
  const start = performance.now();
  for (;;) {
    if (await check()) return performance.now() - start;
    if (performance.now() - start > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

describe.each(backends)('page cache and its invalidation (%s)', (backend) => {
  let site: TestSite;
  let other: TestSite;
  beforeAll(async () => {
    site = await createTestSite(backend);
    other = await createTestSite(backend);
  });
  afterAll(async () => {
    await Promise.all([site.app.close(), other.app.close()]);
  });
  const get = (url: string, headers: Record<string, string> = {}, on = site) =>
    on.request({ method: 'GET', url, crumb: false, headers });
  const db = async () => (await testDatabase(backend)).db;
  const setStock = async (sku: string, qty: number, websiteId = site.websiteId) =>
    (await db())
      .update(variants)
      .set({ qtyInStock: qty })
      .where(and(eq(variants.websiteId, websiteId), eq(variants.sku, sku)));

  it('serves a page again from memory, with the same ETag and body', async () => {
    const first = await get('/shop/p/enamel-pin-set');
    const second = await get('/shop/p/enamel-pin-set');
    expect(first.statusCode).toBe(200);
    expect(second.headers['x-page-cache']).toBe('hit');
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(second.body).toBe(first.body);
    const notModified = await get('/shop/p/enamel-pin-set', { 'if-none-match': String(first.headers.etag) });
    expect(notModified.statusCode).toBe(304);
  });

  it('a product selling out shows as sold out on its page and on /shop once the change commits', async () => {
    await get('/shop/p/enamel-pin-set');
    await get('/shop');
    expect((await get('/shop/p/enamel-pin-set')).headers['x-page-cache']).toBe('hit');
    const soldOut = (body: string) =>
      /sold-out|Sold Out/i.test(body.split('id="sf-data"')[0]?.split('<main')[1] ?? '');
    expect(soldOut((await get('/shop/p/enamel-pin-set')).body)).toBe(false);
    await setStock('PIN-SET', 0);
    const ms = await within(2_000, async () => soldOut((await get('/shop/p/enamel-pin-set')).body));
    expect(ms).toBeLessThan(2_000);
    const shop = await get('/shop');
    expect(shop.headers['x-page-cache']).toBe('miss');
    const pinCard = shop.body.split('<li').find((card) => card.includes('/shop/p/enamel-pin-set'));
    expect(pinCard).toMatch(/sold-out/);
    await setStock('PIN-SET', 40);
    await within(2_000, async () => !soldOut((await get('/shop/p/enamel-pin-set')).body));
  });

  it('a decrement that changes no stock state keeps the cached page; one at 10 or below drops it', async () => {
    await setStock('NECK-1', 20);
    await within(
      2_000,
      async () => (await get('/shop/p/engraved-necklace')).headers['x-page-cache'] === 'miss',
    );
    expect((await get('/shop/p/engraved-necklace')).headers['x-page-cache']).toBe('hit');
    await setStock('NECK-1', 19);
    // A notification would arrive within milliseconds; give it ample time to (not) arrive.
    await new Promise((r) => setTimeout(r, 300));
    expect((await get('/shop/p/engraved-necklace')).headers['x-page-cache']).toBe('hit');
    await setStock('NECK-1', 9);
    await within(
      2_000,
      async () => (await get('/shop/p/engraved-necklace')).headers['x-page-cache'] === 'miss',
    );
  });

  it('a price change shows on the pages that show the product; pages of other products stay cached', async () => {
    const setPrice = async (sku: string, priceCents: number) =>
      (await db())
        .update(variants)
        .set({ priceCents })
        .where(and(eq(variants.websiteId, site.websiteId), eq(variants.sku, sku)));
    // The presets are late in the shop's order and alone in their category, so no other
    // product page lists them as related; the tote is early, so the beanie's page lists it.
    await get('/shop/p/wool-beanie');
    await get('/shop/p/lightroom-presets');
    await setPrice('DIGI-PRESETS', 1234);
    await within(2_000, async () => (await get('/shop/p/lightroom-presets')).body.includes('12.34'));
    const beanie = await get('/shop/p/wool-beanie');
    expect(beanie.headers['x-page-cache']).toBe('hit');
    expect(beanie.body).toContain('/shop/p/canvas-tote');

    await setPrice('TOTE-1', 4321);
    await within(2_000, async () => (await get('/shop/p/wool-beanie')).body.includes('43.21'));
  });

  it("site_changed drops every page of that site and only that site's", async () => {
    await get('/');
    await get('/blog');
    await get('/', {}, other);
    expect((await get('/')).headers['x-page-cache']).toBe('hit');
    expect((await get('/', {}, other)).headers['x-page-cache']).toBe('hit');
    await (await db()).execute(sql`select pg_notify('site_changed', ${site.websiteId})`);
    await within(2_000, async () => (await get('/blog')).headers['x-page-cache'] === 'miss');
    expect((await get('/', {}, other)).headers['x-page-cache']).toBe('hit');
  });

  it('sends brotli or gzip by Accept-Encoding, the same bytes once decoded', async () => {
    const plain = await get('/shop/p/classic-tee');
    const gz = await get('/shop/p/classic-tee', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    await within(2_000, async () => {
      const br = await get('/shop/p/classic-tee', { 'accept-encoding': 'gzip, deflate, br' });
      return (
        br.headers['content-encoding'] === 'br' &&
        brotliDecompressSync(br.rawPayload).toString() === plain.body
      );
    });
    const refused = await get('/shop/p/classic-tee', { 'accept-encoding': 'br;q=0, gzip;q=0' });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toContain('Accept-Encoding');
  });

  it('links the theme CSS as a hashed file served immutable and compressed', async () => {
    const page = await get('/');
    const href = /<link rel="stylesheet" href="(\/assets\/theme\/default-[\w-]+\.css)">/.exec(page.body)?.[1];
    expect(href).toBeDefined();
    expect(page.body).not.toContain('<style>');
    const css = await get(href!, { 'accept-encoding': 'br' });
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toContain('text/css');
    expect(css.headers['cache-control']).toContain('immutable');
    expect(brotliDecompressSync(css.rawPayload).toString()).toContain('.site-header');
    expect((await get('/assets/theme/default-stale.css')).statusCode).toBe(404);
  });

  it('answers /favicon.ico with the site icon, not the rendered 404 page', async () => {
    const res = await get('/favicon.ico');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('image/');
    expect(res.headers['x-page-cache']).toBeUndefined();
  });

  it('compresses large API JSON and keeps the error contract readable', async () => {
    const cart = await site.request({
      method: 'GET',
      url: '/shop?format=json',
      crumb: false,
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(cart.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(cart.rawPayload).toString()).pageType).toBe(1);
    const error = await site.request({
      method: 'POST',
      url: '/api/commerce/shopping-cart/entries',
      payload: { itemId: 'nope', sku: null, quantity: 1, additionalFields: null },
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(error.statusCode).toBeGreaterThanOrEqual(400);
    expect(error.statusCode).toBeLessThan(500);
    const raw =
      error.headers['content-encoding'] === 'br'
        ? brotliDecompressSync(error.rawPayload).toString()
        : error.headers['content-encoding'] === 'gzip'
          ? gunzipSync(error.rawPayload).toString()
          : error.body;
    expect(JSON.parse(raw).error.code).toBeTypeOf('string');
  });
});

describe('PageCache', () => {
  const page = (websiteId: string, items: ReadonlySet<string> | 'all' | 'none' = 'none') => ({
    websiteId,
    status: 200,
    contentType: 'text/html',
    body: Buffer.from(`<p>${websiteId} ${'x'.repeat(100)}</p>`),
    items,
  });

  it('does not store a render that started before an invalidation of its site', () => {
    const cache = new PageCache(1 << 20);
    const before = cache.generation('w1');
    cache.invalidateItems('w1', ['i1']);
    cache.set('k', before, page('w1'));
    expect(cache.get('k')).toBeUndefined();
    cache.set('k', cache.generation('w1'), page('w1'));
    expect(cache.get('k')).toBeDefined();
  });

  it('drops by item only the pages showing it, and search-like pages showing any item', () => {
    const cache = new PageCache(1 << 20);
    const g = cache.generation('w1');
    cache.set('a', g, page('w1', new Set(['i1'])));
    cache.set('b', g, page('w1', new Set(['i2'])));
    cache.set('s', g, page('w1', 'all'));
    cache.set('n', g, page('w1', 'none'));
    cache.invalidateItems('w1', ['i1']);
    expect([cache.get('a'), cache.get('b'), cache.get('s'), cache.get('n')].map(Boolean)).toEqual([
      false,
      true,
      false,
      true,
    ]);
  });

  it('stays within its byte budget, dropping the least recently used pages', () => {
    const cache = new PageCache(2_000);
    for (let i = 0; i < 50; i++) cache.set(`k${i}`, cache.generation('w'), page('w'));
    expect(cache.stats().bytes).toBeLessThanOrEqual(2_000);
    expect(cache.get('k49')).toBeDefined();
    expect(cache.get('k0')).toBeUndefined();
  });
});
