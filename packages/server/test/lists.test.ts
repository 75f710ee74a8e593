import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { items } from '../src/db/schema/index';
import { ITEMS_PER_PAGE, toPrefixTsQuery } from '../src/pages/page-context';
import { scaleCatalog } from '../src/seed/scale-catalog';
import { type TestSite, createTestSite } from './helpers/test-app';
import { backends, testDatabase } from './helpers/test-db';

describe.each(backends)('lists that scale (%s)', (backend) => {
  let site: TestSite;
  beforeAll(async () => {
    site = await createTestSite(backend);
    // 13 demo products × 3 = 39: two pages.
    await scaleCatalog((await testDatabase(backend)).db, site.websiteId, 3);
  });
  afterAll(async () => {
    await site.app.close();
  });
  const json = async (url: string) => {
    const res = await site.request({ method: 'GET', url, crumb: false });
    return { status: res.statusCode, context: res.statusCode === 200 ? JSON.parse(res.body) : null };
  };

  it('/shop shows one page of products and links to the next', async () => {
    const { context } = await json('/shop?format=json');
    expect(context.items).toHaveLength(ITEMS_PER_PAGE);
    expect(context.pagination).toMatchObject({ page: 1, pageCount: 2, totalItems: 39, prevPageUrl: null });
    expect(context.pagination.nextPageUrl).toBe('/shop?page=2');
    // Only the shown products' data is in the page.
    expect(Object.keys(context.productMerchandisingContext)).toHaveLength(ITEMS_PER_PAGE);
    const html = await site.request({ method: 'GET', url: '/shop', crumb: false });
    expect(html.body.match(/data-island="add-to-cart"/g)).toHaveLength(ITEMS_PER_PAGE);
    expect(html.body).toContain('href="/shop?page=2"');
  });

  it('page 2 holds the rest; a page past the end is not found', async () => {
    const { context } = await json('/shop?format=json&page=2');
    expect(context.items).toHaveLength(39 - ITEMS_PER_PAGE);
    expect(context.pagination).toMatchObject({ page: 2, prevPageUrl: '/shop', nextPageUrl: null });
    expect((await json('/shop?page=3')).status).toBe(404);
    expect((await json('/shop?page=abc&format=json')).context.pagination.page).toBe(1);
  });

  it('filters by category, paginated the same way, and 404s an unknown category', async () => {
    const { context: all } = await json('/shop?format=json');
    const category = all.categories[0];
    const { context } = await json(`/shop?format=json&category=${category.slug}`);
    expect(context.items.length).toBeGreaterThan(0);
    for (const item of context.items) expect(item.categories).toContain(category.displayName);
    expect(context.pagination.category).toBe(category.slug);
    // The total counts the category's items only, on every page.
    const { context: rest } = await json('/shop?format=json&page=2');
    const inCategory = [...all.items, ...rest.items].filter((i: { categories: string[] }) =>
      i.categories.includes(category.displayName),
    ).length;
    expect(inCategory).toBeLessThan(39);
    expect(context.pagination.totalItems).toBe(inCategory);
    expect((await json('/shop?category=no-such-category')).status).toBe(404);
  });

  it('search finds items by word prefix through the full-text index', async () => {
    const { context } = await json('/search?format=json&q=classi');
    const titles = context.searchResults.map((r: { title: string }) => r.title);
    expect(titles).toContain('Classic Tee');
    expect(titles.every((t: string) => /classic/i.test(t))).toBe(true);
    const none = await json('/search?format=json&q=zzzzqqq');
    expect(none.context.searchResults).toEqual([]);
    const punctuation = await json(`/search?format=json&q=${encodeURIComponent("'&|!():*")}`);
    expect(punctuation.context.searchResults).toEqual([]);
  });

  it('the search query can use the GIN index', async () => {
    const { db } = await testDatabase(backend);
    const plan = await db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      // The condition the search uses (services/site-search.ts) on the indexed column.
      return tx.execute(
        sql`explain select id from ${items} where search_document @@ to_tsquery(site_search_config('en-US'), 'tee:*')`,
      );
    });
    expect(JSON.stringify((plan as { rows: unknown[] }).rows)).toContain('items_search_idx');
  });

  it('turns any text into a safe prefix tsquery', () => {
    expect(toPrefixTsQuery('Classic  TE')).toBe('classic:* & te:*');
    expect(toPrefixTsQuery("'&|!():*")).toBeNull();
    expect(toPrefixTsQuery('café-crème')).toBe('café:* & crème:*');
  });
});
