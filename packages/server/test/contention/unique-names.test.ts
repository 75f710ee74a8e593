import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopId, teeBody } from '../catalog-admin/catalog-helpers';
import { createTestSite, type TestSite } from '../helpers/test-app';
import { backends } from '../helpers/test-db';
import { type Call, ownerClient } from '../studio/studio-helpers';

const TEN = Array.from({ length: 10 }, (_, i) => i);

describe.each(backends)('names chosen at the same moment on %s', (backend) => {
  let site: TestSite;
  let call: Call;
  let blogId: string;
  beforeAll(async () => {
    site = await createTestSite(backend);
    ({ call } = await ownerClient(site));
    blogId = (await call('GET', '/api/studio/pages'))
      .json()
      .pages.find((p: { urlId: string }) => p.urlId === 'blog').id;
  });
  afterAll(() => site.app.close());

  it('10 pages with one title created at once each get their own free slug', async () => {
    const results = await Promise.all(
      TEN.map(() => call('POST', '/api/studio/pages', { title: 'Opening hours', kind: 'page' })),
    );
    expect(results.map((r) => r.statusCode)).toEqual(TEN.map(() => 201));
    const slugs = results.map((r) => r.json().urlId).sort();
    expect(new Set(slugs).size).toBe(10);
    expect(slugs).toContain('opening-hours');
    for (const slug of slugs) expect(slug).toMatch(/^opening-hours(-\d)?$/);
  });

  it('10 pages renamed to one slug at once: each gets its own', async () => {
    const created = await Promise.all(
      TEN.map(async (i) => (await call('POST', '/api/studio/pages', { title: `Draft ${i}` })).json().id),
    );
    const results = await Promise.all(
      created.map((id) => call('PUT', `/api/studio/pages/${id}/settings`, { urlId: 'visit-us' })),
    );
    expect(results.map((r) => r.statusCode)).toEqual(TEN.map(() => 200));
    expect(new Set(results.map((r) => r.json().urlId)).size).toBe(10);
  });

  it('10 posts with one title created at once each get their own free slug', async () => {
    const results = await Promise.all(
      TEN.map(() => call('POST', `/api/studio/blogs/${blogId}/posts`, { title: 'Kiln diary' })),
    );
    expect(results.map((r) => r.statusCode)).toEqual(TEN.map(() => 201));
    expect(new Set(results.map((r) => r.json().urlId)).size).toBe(10);
  });

  it('10 posts given one new category at once share it', async () => {
    const posts = await Promise.all(
      TEN.map(
        async (i) =>
          (await call('POST', `/api/studio/blogs/${blogId}/posts`, { title: `Glaze ${i}` })).json().id,
      ),
    );
    const results = await Promise.all(
      posts.map((id) => call('PUT', `/api/studio/blogs/${blogId}/posts/${id}`, { categories: ['Glazes'] })),
    );
    expect(results.map((r) => r.statusCode)).toEqual(TEN.map(() => 200));
    const listed = (await call('GET', `/api/studio/blogs/${blogId}/posts`)).json().posts;
    for (const id of posts)
      expect(listed.find((p: { id: string }) => p.id === id).categories).toEqual(['Glazes']);
  });

  it('10 products with one title created at once each get their own URL', async () => {
    const store = await shopId(backend, site);
    const results = await Promise.all(
      TEN.map(() => call('POST', '/api/studio/products', teeBody(store, { title: 'Raku bowl' }))),
    );
    expect(results.map((r) => r.statusCode)).toEqual(TEN.map(() => 201));
    expect(new Set(results.map((r) => r.json().urlId ?? r.json().product?.urlId)).size).toBe(10);
  });

  it('two products with one SKU at once: one is created, the other answers 409', async () => {
    const store = await shopId(backend, site);
    const body = teeBody(store);
    const results = await Promise.all([
      call('POST', '/api/studio/products', body),
      call('POST', '/api/studio/products', body),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });

  it('two coupons with one code at once: one is created, the other answers 409', async () => {
    const coupon = { code: 'SPRING', kind: 'PERCENTAGE', amount: 10 };
    const results = await Promise.all([
      call('POST', '/api/studio/commerce/coupons', coupon),
      call('POST', '/api/studio/commerce/coupons', coupon),
    ]);
    expect(results.map((r) => r.statusCode).sort(), results[1]?.body).toEqual([201, 409]);
  });
});
