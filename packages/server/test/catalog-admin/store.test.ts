import { MAX_NESTED_CATEGORIES } from '@store/commerce';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories, collections, navigations } from '../../src/db/schema/index';
import { type TestSite, createTestSite } from '../helpers/test-app';
import { backends, testDatabase } from '../helpers/test-db';
import { type Call, ownerClient } from '../studio/studio-helpers';

const storesUrl = (websiteId: string) => `/api/content-service/product/1.1/websites/${websiteId}/products`;

describe.each(backends)('store creation and categories (spec §4, §7) on %s', (backend) => {
  let site: TestSite;
  let call: Call;
  beforeAll(async () => {
    site = await createTestSite(backend);
    ({ call } = await ownerClient(site));
  });
  afterAll(() => site.app.close());

  it('creates the collection (type 13, enabled), then the root category, then the navigation link', async () => {
    const res = await call('POST', storesUrl(site.websiteId), {
      navigationTitle: 'Goods',
      title: 'Goods Store',
      urlId: 'goods',
      description: 'Things we make',
      enabled: true,
      addToNavigation: true,
    });
    expect(res.statusCode).toBe(201);
    const store = res.json();
    expect(store).toMatchObject({
      type: 13,
      urlId: 'goods',
      enabled: true,
      navigationTitle: 'Goods',
      inNavigation: true,
    });
    const { db } = await testDatabase(backend);
    const [row] = await db.select().from(collections).where(eq(collections.id, store.id));
    expect(row).toMatchObject({ type: 13, enabled: true, description: 'Things we make' });
    const cats = await db.select().from(categories).where(eq(categories.collectionId, store.id));
    expect(cats).toEqual([expect.objectContaining({ id: store.rootCategoryId, parentCategoryId: null })]);
    const [nav] = await db
      .select()
      .from(navigations)
      .where(and(eq(navigations.websiteId, site.websiteId), eq(navigations.identifier, 'mainNavigation')));
    expect(nav?.items.at(-1)).toEqual({ title: 'Goods', collectionId: store.id });
    // The published site links it at once.
    expect((await site.request({ method: 'GET', url: '/' })).body).toContain('href="/goods"');
    const listed = (await call('GET', '/api/studio/stores')).json();
    expect(listed.stores.find((s: { urlId: string }) => s.urlId === 'shop')).toMatchObject({
      inNavigation: true,
    });
    expect(listed.stores.find((s: { id: string }) => s.id === store.id)).toMatchObject({
      inNavigation: true,
      productCount: 0,
      categories: [expect.objectContaining({ id: store.rootCategoryId })],
    });
  });

  it('lists the root category as the shop\'s one "All" link, not as a category of its own', async () => {
    const res = await call('POST', storesUrl(site.websiteId), {
      navigationTitle: 'Prints',
      title: 'Prints',
      urlId: 'prints',
      description: '',
      enabled: true,
    });
    expect(res.statusCode).toBe(201);
    const added = await call('POST', `${storesUrl(site.websiteId)}/${res.json().id}/categories`, {
      displayName: 'Posters',
    });
    expect(added.statusCode).toBe(201);
    const page = await site.request({ method: 'GET', url: '/prints' });
    expect(page.statusCode).toBe(200);
    const nav = /<nav class="shop-categories"[^>]*>(.*?)<\/nav>/s.exec(page.body)?.[1] ?? '';
    const links = [...nav.matchAll(/>([^<]+)<\/a>/g)].map((m) => m[1]);
    expect(links).toEqual(['All', 'Posters']);
  });

  it('derives the URL id from the title when omitted and leaves the navigation alone unless asked', async () => {
    const { db } = await testDatabase(backend);
    const before = await db.select().from(navigations).where(eq(navigations.websiteId, site.websiteId));
    const res = await call('POST', storesUrl(site.websiteId), { title: 'Winter Sale' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ urlId: 'winter-sale', enabled: true, inNavigation: false });
    expect(await db.select().from(navigations).where(eq(navigations.websiteId, site.websiteId))).toEqual(
      before,
    );
    const listed = (await call('GET', '/api/studio/stores')).json();
    expect(listed.stores.find((s: { id: string }) => s.id === res.json().id)).toMatchObject({
      inNavigation: false,
    });
  });

  it.each([
    ['a URL id another page uses', { title: 'Again', urlId: 'shop' }, 409],
    ['a reserved path', { title: 'Api', urlId: 'api' }, 409],
    ['a URL id with capitals and spaces', { title: 'Bad', urlId: 'Bad Url' }, 400],
    ['no title', { urlId: 'untitled' }, 400],
  ])('refuses %s', async (_what, body, status) => {
    const res = await call('POST', storesUrl(site.websiteId), body);
    expect(res.statusCode).toBe(status);
  });

  it('answers 404 when the path names another website, 401 signed out, 403 without the crumb', async () => {
    expect((await call('POST', storesUrl('someone-else'), { title: 'X' })).statusCode).toBe(404);
    const anon = await site.request({
      method: 'POST',
      url: storesUrl(site.websiteId),
      payload: { title: 'X' },
    });
    expect(anon.statusCode).toBe(401);
    const { session } = await ownerClient(site);
    const noCrumb = await site.request({
      method: 'POST',
      url: storesUrl(site.websiteId),
      payload: { title: 'X' },
      crumb: false,
      cookies: { siteUserSession: session },
    });
    expect(noCrumb.statusCode).toBe(403);
  });

  it('adds categories under the root by default, or under a parent; names at most 25 characters and unique', async () => {
    const store = (await call('POST', storesUrl(site.websiteId), { title: 'Cats Store' })).json();
    const url = `${storesUrl(site.websiteId)}/${store.id}/categories`;
    const mugs = await call('POST', url, {
      displayName: 'Mugs',
      type: 'category',
      pageRendering: 'grid',
      displayIndex: 1,
    });
    expect(mugs.statusCode).toBe(201);
    expect(mugs.json()).toMatchObject({
      displayName: 'Mugs',
      slug: 'mugs',
      parentCategoryId: store.rootCategoryId,
      displayIndex: 1,
    });
    const big = await call('POST', url, { displayName: 'Big Mugs', parentCategoryId: mugs.json().id });
    expect(big.json()).toMatchObject({ parentCategoryId: mugs.json().id });
    expect((await call('POST', url, { displayName: 'x'.repeat(25) })).statusCode).toBe(201);
    const tooLong = await call('POST', url, { displayName: 'x'.repeat(26) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error.message).toContain('25 characters');
    expect((await call('POST', url, { displayName: 'mugs' })).statusCode).toBe(409);
    expect((await call('POST', url, { displayName: 'Orphan', parentCategoryId: 'nope' })).statusCode).toBe(
      400,
    );
    expect(
      (await call('POST', `${storesUrl(site.websiteId)}/missing/categories`, { displayName: 'A' }))
        .statusCode,
    ).toBe(404);
  });

  it(`refuses the category after ${MAX_NESTED_CATEGORIES}`, async () => {
    const store = (await call('POST', storesUrl(site.websiteId), { title: 'Full Store' })).json();
    const { db } = await testDatabase(backend);
    // The root exists; fill the rest in one statement.
    await db.execute(sql`insert into categories (website_id, collection_id, display_name, slug, display_index)
      select ${site.websiteId}, ${store.id}, 'c' || g, 'c-' || g, g from generate_series(1, ${MAX_NESTED_CATEGORIES - 1}) g`);
    const res = await call('POST', `${storesUrl(site.websiteId)}/${store.id}/categories`, {
      displayName: 'One more',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.message).toContain('10000');
  });
});
