import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LruCache } from '../src/pages/lru-cache';
import type { PageContext } from '../src/pages/page-context';
import { createPageRenderer } from '../src/pages/render-page';
import { islandsIn } from '../src/pages/runtime-assets';
import { themeFiles } from '../src/pages/theme-files';
import { type TestSite, createTestSite } from './helpers/test-app';
import { backends } from './helpers/test-db';

describe.each(backends)('theme pages (%s)', (backend) => {
  let site: TestSite;
  beforeAll(async () => {
    site = await createTestSite(backend);
  });
  afterAll(async () => {
    await site.app.close();
  });
  const get = (url: string, headers: Record<string, string> = {}) =>
    site.request({ method: 'GET', url, crumb: false, headers });

  it('a failed page request gets the error page (type 101) in the theme, not bare HTML', async () => {
    const res = await site.request({
      method: 'POST',
      url: '/wholesale',
      crumb: false,
      headers: { 'content-type': 'application/json' },
      payload: '{bad',
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('data-page-type="101"');
    expect(res.body).toContain('class="site-header"');
    expect(res.body).toContain('<h1 class="page-title">Bad request</h1>');
    expect(res.body).toContain('<meta name="robots" content="noindex">');
  });

  it('site SEO files: favicon.ico is an icon, robots.txt names the sitemap, sitemap lists products', async () => {
    const ico = await get('/favicon.ico');
    expect(ico.statusCode).toBe(200);
    expect(ico.rawPayload.subarray(0, 4)).toEqual(Buffer.from([0, 0, 1, 0]));
    expect((await get('/robots.txt')).body).toMatch(/^Sitemap: http:\/\/.+\/sitemap\.xml$/m);
    const sitemap = (await get('/sitemap.xml')).body;
    expect(sitemap).toContain('/shop/p/classic-tee</loc>');
    // One language: no alternates.
    expect(sitemap).not.toContain('hreflang');
  });

  it.each([
    ['/', 200, 2, 'page-content'],
    ['/shop', 200, 1, 'product-grid'],
    ['/shop/p/classic-tee', 200, 50, 'data-island="product-detail"'],
    ['/blog', 200, 1, 'blog-list'],
    ['/cart', 200, 200, 'id="sqs-cart-root"'],
    ['/checkout', 200, 201, 'data-island="checkout"'],
    ['/checkout/order-confirmed?orderId=abc', 200, 202, 'data-island="order"'],
    // An order's status link without its token (or for no order) shows nothing of any order.
    ['/commerce/orders/abc-123', 404, 100, 'Page not found'],
    ['/search?q=tee', 200, 102, 'search-form'],
    ['/no-such-page', 404, 100, 'Page not found'],
  ])('%s renders through the theme (status %i, page type %i)', async (url, status, pageType, marker) => {
    const res = await get(url);
    expect(res.statusCode).toBe(status);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain(`data-page-type="${pageType}"`);
    expect(res.body).toContain(marker);
    // The theme's layout (not the plain fallback) rendered it.
    expect(res.body).toContain('class="site-header"');
    expect(res.body).toContain('id="sf-data"');
  });

  it('product detail uses the formatters for button, price, variants, quantity and srcset widths', async () => {
    const res = await get('/shop/p/classic-tee');
    expect(res.body).toContain('sqs-add-to-cart-button');
    expect(res.body).toContain('class="product-price"');
    expect(res.body).toContain('data-variant-option-name="Size"');
    expect(res.body).toContain('max="9999" min="1"');
    for (const w of ['100w', '300w', '500w', '750w', '1000w'])
      expect(res.body).toContain(`?format=${w} ${w}`);
  });

  it('the store grid marks sold-out and sale products and offers quick view', async () => {
    const res = await get('/shop');
    expect(res.body).toMatch(/product-mark sold-out/);
    expect(res.body).toMatch(/product-mark sale/);
    expect(res.body).toContain('sqs-product-quick-view-button');
    expect(res.body.match(/data-island="add-to-cart"/g)?.length).toBe(13);
  });

  it('island data is embedded as script-safe JSON with the product variants', async () => {
    const res = await get('/shop/p/classic-tee');
    const json = /<script type="application\/json" id="sf-data">([^<]*)<\/script>/.exec(res.body)?.[1];
    expect(json).toBeTruthy();
    const data = JSON.parse(json as string);
    expect(data.pageType).toBe(50);
    const product = data.products[data.itemId];
    expect(product.variants).toHaveLength(6);
    expect(product.title).toBe('Classic Tee');
  });

  it('island data gives products in the commerce shape (minor units) and instalment limits in cents', async () => {
    const res = await get('/shop/p/classic-tee');
    const json = /<script type="application\/json" id="sf-data">([^<]*)<\/script>/.exec(res.body)?.[1];
    const data = JSON.parse(json as string);
    const product = data.products[data.itemId];
    expect(product).toMatchObject({ id: data.itemId, productType: 1, fullUrl: '/shop/p/classic-tee' });
    expect(Number.isInteger(product.priceCents)).toBe(true);
    for (const variant of product.variants) {
      expect(Number.isInteger(variant.priceCents)).toBe(true);
      expect(Number.isInteger(variant.salePriceCents)).toBe(true);
      expect(variant).toHaveProperty('imageUrl');
      expect(variant.optionValues.length).toBeGreaterThan(0);
    }
    expect(data.installments[data.itemId]).toEqual({
      afterPayAvailable: true,
      afterPayMinCents: 3500,
      afterPayMaxCents: 200000,
      shopperLanguage: 'en',
      stripeAccountCountry: 'US',
    });
  });

  it('serves the instalment info page per provider locale, and 404 for anything else', async () => {
    const us = await get('/assets/instalments/en_US.html');
    expect(us.statusCode).toBe(200);
    expect(us.headers['content-type']).toContain('text/html');
    expect(us.body).toContain('Afterpay');
    expect((await get('/assets/instalments/en_GB.html')).body).toContain('Clearpay');
    expect((await get('/assets/instalments/fr_CA.html')).body).toContain('sans intérêts');
    for (const path of ['de_DE.html', '..%2Fpages%2Fproduct.html', 'en_US.htm', 'EN_us.html']) {
      const res = await get(`/assets/instalments/${path}`);
      expect(res.statusCode, path).toBe(404);
    }
  });

  it('pages carry no per-visitor state: same body and ETag with or without a cart, 304 on match', async () => {
    const a = await get('/shop/p/classic-tee');
    const b = await site.request({
      method: 'GET',
      url: '/shop/p/classic-tee',
      cookies: { CART: 'some-cart-token-1234567890', hasCart: 'true' },
    });
    expect(a.headers.etag).toBeTruthy();
    expect(b.headers.etag).toBe(a.headers.etag);
    expect(b.body).toBe(a.body);
    const again = await get('/shop/p/classic-tee', { 'if-none-match': String(a.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const stale = await get('/shop/p/classic-tee', { 'if-none-match': '"nope"' });
    expect(stale.statusCode).toBe(200);
  });

  it('search finds products and posts by title or excerpt', async () => {
    const res = await get('/search?q=tee');
    expect(res.body).toContain('href="/shop/p/classic-tee"');
    expect(res.body).toMatch(/\d+ results? for “tee”/);
    const none = await get('/search?q=zzzz-nothing');
    expect(none.body).toContain('0 results for');
  });

  it('?format=json returns the page context the template rendered', async () => {
    const res = await get('/shop/p/classic-tee?format=json');
    expect(res.headers['content-type']).toContain('application/json');
    expect(JSON.parse(res.body).item.title).toBe('Classic Tee');
  });

  it('a locked page unlocks with its password and stays unlocked through a cookie', async () => {
    const locked = await get('/wholesale');
    expect(locked.body).toContain('data-page-type="103"');
    expect(locked.body).not.toContain('Trade prices for stockists.');
    const post = (password: string, cookies: Record<string, string> = {}) =>
      site.request({
        method: 'POST',
        url: '/wholesale',
        crumb: false,
        cookies,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `password=${encodeURIComponent(password)}`,
      });
    const wrong = await post('guess');
    expect(wrong.statusCode).toBe(403);
    expect(wrong.body).toContain('Incorrect password. Please try again.');
    expect(wrong.headers['set-cookie'] ?? '').not.toContain('ss_unlocked');
    const right = await post('stockist');
    expect(right.statusCode).toBe(303);
    expect(right.headers.location).toBe('/wholesale');
    const cookie = right.cookies.find((c) => c.name === 'ss_unlocked');
    expect(cookie?.httpOnly).toBe(true);
    const open = await site.request({
      method: 'GET',
      url: '/wholesale',
      crumb: false,
      cookies: { ss_unlocked: String(cookie?.value) },
    });
    expect(open.body).toContain('Trade prices for stockists.');
    const forged = await site.request({
      method: 'GET',
      url: '/wholesale',
      crumb: false,
      cookies: { ss_unlocked: `${String(cookie?.value).split('.')[0]}.forged` },
    });
    expect(forged.body).toContain('data-page-type="103"');
  });

  it('a password-protected page shows the lock screen', async () => {
    // Render a lock-screen context directly: the demo seed has no protected page.
    const renderer = createPageRenderer();
    const html = renderer.render(lockContext());
    expect(html).toContain('This page is password protected.');
    expect(html).toContain('type="password"');
  });
});

function lockContext(): PageContext {
  return {
    pageType: 103,
    website: { id: 'w', siteTitle: 'Site', language: 'en-US', currency: 'USD' },
    websiteSettings: {},
    collection: { id: 'c1', title: 'Members' } as PageContext['collection'],
    navigation: [],
    localizedStrings: {},
    cartUrl: '/cart',
  };
}

describe('page renderer', () => {
  it('falls back to the plain renderer and logs when a template fails', () => {
    const theme = {
      ...themeFiles(),
      pages: { ...themeFiles().pages, 'lock-screen': '{.section x}unclosed' },
    };
    const errors: unknown[] = [];
    const renderer = createPageRenderer({ theme });
    const html = renderer.render(lockContext(), { error: (obj) => errors.push(obj) });
    expect(errors).toHaveLength(1);
    expect(html).toContain('<!doctype html>');
    expect(html).not.toContain('site-header');
  });

  it('compiles each template once and serves later renders from the cache', () => {
    const renderer = createPageRenderer();
    renderer.render(lockContext());
    const size = renderer.cacheSize;
    expect(size).toBe(2); // the page template and the layout
    renderer.render(lockContext());
    expect(renderer.cacheSize).toBe(size);
  });
});

describe('islandsIn', () => {
  it.each([
    ['<div data-island="cart-page"></div>', ['cart-page']],
    [
      '<a data-island="header-cart" href="/cart"></a><div data-island="cart-page">',
      ['header-cart', 'cart-page'],
    ],
    ['<div class="x" data-island="restock" data-item-id="1" hidden></div>', []],
    ['<div data-island="product-detail"><div data-island="restock" hidden></div></div>', ['product-detail']],
    ['<div data-hidden="1" data-island="order"></div>', ['order']],
  ])('%s → %j (hidden markers load only when revealed)', (html, expected) => {
    expect(islandsIn(html)).toEqual(expected);
  });
});

describe('LruCache', () => {
  it('evicts the least recently used entry past capacity', () => {
    const cache = new LruCache<string, number>(2);
    cache.set('a', 1);
    cache.set('b', 2);
    expect(cache.get('a')).toBe(1); // a is now most recent
    cache.set('c', 3);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe(1);
    expect(cache.get('c')).toBe(3);
    expect(cache.size).toBe(2);
  });

  it.each([0, -1, 1.5])('rejects capacity %s', (capacity) => {
    expect(() => new LruCache(capacity)).toThrow('positive integer');
  });

  it('defaults to 100 entries (spec §9)', () => {
    expect(new LruCache().capacity).toBe(100);
  });
});
