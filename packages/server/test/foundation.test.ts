import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestSite, createTestSite } from './helpers/test-app';
import { backends } from './helpers/test-db';

describe.each(backends)('foundation on %s', (backend) => {
  let site: TestSite;
  beforeAll(async () => {
    site = await createTestSite(backend);
    // A state-changing API route to exercise the crumb and body contract.
    site.app.post('/api/test/echo', async (request) => ({ body: request.body }));
    // A route whose spec payload is form-encoded (like RecordEvent) opts in to form bodies.
    site.app.post('/api/test/form-echo', { config: { formBody: true } }, async (request) => ({
      body: request.body,
    }));
  });
  afterAll(() => site.app.close());

  it('answers /healthz when the database answers', async () => {
    const res = await site.request({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
  });

  it('lists the demo products with their variants at /shop?format=json', async () => {
    const res = await site.request({ method: 'GET', url: '/shop?format=json' });
    expect(res.statusCode).toBe(200);
    const ctx = res.json();
    expect(ctx.pageType).toBe(1);
    expect(ctx.collection.type).toBe(13);
    expect(ctx.items.length).toBeGreaterThanOrEqual(12);
    const tee = ctx.items.find((i: { urlId: string }) => i.urlId === 'classic-tee');
    expect(tee.fullUrl).toBe('/shop/p/classic-tee');
    expect(tee.structuredContent.variants).toHaveLength(6);
    expect(tee.structuredContent.variants[0]).toMatchObject({
      sku: 'TEE-NAV-S',
      price: 2800,
      priceMoney: { value: '28.00', currency: 'USD' },
      attributes: { Size: 'S', Color: 'Navy' },
    });
    const types = new Set(
      ctx.items.map((i: { structuredContent: { productType: number } }) => i.structuredContent.productType),
    );
    expect([...types].sort()).toEqual([1, 2, 3, 4]);
  });

  it('gives one product context at /shop/p/<slug>?format=json', async () => {
    const res = await site.request({ method: 'GET', url: '/shop/p/gift-card?format=json' });
    expect(res.statusCode).toBe(200);
    const ctx = res.json();
    expect(ctx.pageType).toBe(50);
    expect(ctx.itemId).toBe(ctx.item.id);
    expect(ctx.item.recordType).toBe(11);
    expect(ctx.product).toMatchObject({ name: 'Gift Card', productType: 4 });
    expect(ctx.product.variants.map((v: { price: number }) => v.price)).toEqual([2500, 5000, 10000]);
    expect(ctx.websiteSettings.timeZone).toBe('America/New_York');
  });

  it.each([
    ['/', 2],
    ['/about', 2],
    ['/blog', 1],
    ['/blog/behind-the-kiln', 50],
    ['/cart', 200],
    ['/checkout', 201],
    ['/search', 102],
    ['/wholesale', 103],
    ['/no-such-page', 100],
    ['/shop/p/no-such-product', 100],
  ])('resolves %s to page type %i', async (url, pageType) => {
    const res = await site.request({ method: 'GET', url: `${url}?format=json` });
    expect(res.json().pageType).toBe(pageType);
    expect(res.statusCode).toBe(pageType === 100 ? 404 : 200);
  });

  it('tells the trackers the site-level analytics settings', async () => {
    const ctx = (await site.request({ method: 'GET', url: '/about?format=json' })).json();
    expect(ctx).toMatchObject({ disableAnalytics: false, cookiePolicy: 'default' });
    expect(['dev', 'prod']).toContain(ctx.sourceEnvironment);
  });

  it('serves HTML 404 for unknown pages and sets the crumb cookie on pages', async () => {
    const res = await site.request({ method: 'GET', url: '/nowhere', crumb: false });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(String(res.headers['set-cookie'])).toMatch(/crumb=/);
  });

  it('answers 304 when the ETag matches', async () => {
    const first = await site.request({ method: 'GET', url: '/about' });
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    const second = await site.request({ method: 'GET', url: '/about', headers: { 'if-none-match': etag } });
    expect(second.statusCode).toBe(304);
    expect(second.body).toBe('');
  });

  it('returns the JSON error contract for malformed JSON', async () => {
    const res = await site.request({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"itemId": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('INVALID_JSON');
  });

  it('returns 404 JSON for unknown API routes and 405 for a wrong method', async () => {
    const missing = await site.request({ method: 'GET', url: '/api/does/not/exist' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('NOT_FOUND');
    const wrong = await site.request({ method: 'GET', url: '/api/test/echo' });
    expect(wrong.statusCode).toBe(405);
    expect(wrong.json().error.code).toBe('METHOD_NOT_ALLOWED');
    expect(wrong.headers.allow).toContain('POST');
  });

  it('refuses bodies over the size limit with 413', async () => {
    const res = await site.request({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ big: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('refuses state-changing calls without a matching crumb', async () => {
    const none = await site.request({ method: 'POST', url: '/api/test/echo', payload: {}, crumb: false });
    expect(none.statusCode).toBe(403);
    expect(none.json()).toMatchObject({ crumbFail: true, error: { code: 'CRUMB_FAIL' } });
    const wrong = await site.request({
      method: 'POST',
      url: '/api/test/echo',
      payload: {},
      crumb: false,
      cookies: { crumb: site.crumb },
      headers: { 'x-csrf-token': 'not-the-crumb' },
    });
    expect(wrong.statusCode).toBe(403);
    const ok = await site.request({ method: 'POST', url: '/api/test/echo', payload: { a: 1 } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ body: { a: 1 } });
  });

  it('accepts the crumb as a form field for form-encoded beacons', async () => {
    const res = await site.request({
      method: 'POST',
      url: '/api/test/form-echo',
      crumb: false,
      cookies: { crumb: site.crumb },
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `crumb=${site.crumb}&event=x`,
    });
    expect(res.statusCode).toBe(200);
  });

  it('falls back to the default site for an unknown host only when one exists', async () => {
    const res = await site.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { host: 'unknown.example' },
    });
    expect(res.statusCode).toBe(200);
  });
});
