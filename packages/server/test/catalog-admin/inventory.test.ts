import { MAX_PRODUCTS_PER_COLLECTION } from '@store/commerce';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { items, variants } from '../../src/db/schema/index';
import { type TestSite, createTestSite } from '../helpers/test-app';
import { backends, testDatabase } from '../helpers/test-db';
import { soldOutMug } from '../restock-helpers';
import { type Call, eventually, ownerClient } from '../studio/studio-helpers';
import { listen, teeBody } from './catalog-helpers';

const storesUrl = (websiteId: string) => `/api/content-service/product/1.1/websites/${websiteId}/products`;

describe.each(backends)('inventory and limits on %s', (backend) => {
  let site: TestSite;
  let call: Call;
  beforeAll(async () => {
    site = await createTestSite(backend);
    ({ call } = await ownerClient(site));
  });
  afterAll(() => site.app.close());

  const stockOf = async (ids: string[]) => {
    const { db } = await testDatabase(backend);
    const rows = await db.select().from(variants).where(inArray(variants.id, ids));
    return Object.fromEntries(rows.map((r) => [r.id, r.qtyInStock]));
  };

  it('lists variants with product title, SKU, stock and waiting signups; searches and filters', async () => {
    const all = (await call('GET', '/api/studio/inventory')).json();
    const tee = all.variants.find((v: { sku: string }) => v.sku === 'TEE-NAV-S');
    expect(tee).toMatchObject({
      productTitle: 'Classic Tee',
      attributes: { Size: 'S', Color: 'Navy' },
      qtyInStock: 12,
      unlimited: false,
      tracksStock: true,
      stockState: 'in_stock',
      waiting: 0,
    });
    const found = (await call('GET', '/api/studio/inventory?q=mug')).json();
    expect(found.variants.map((v: { sku: string }) => v.sku).sort()).toEqual(['MUG-BLU', 'MUG-WHT']);
    const out = (await call('GET', '/api/studio/inventory?stock=out')).json();
    expect(out.variants.length).toBeGreaterThan(0);
    expect(out.variants.every((v: { qtyInStock: number }) => v.qtyInStock === 0)).toBe(true);
    const low = (await call('GET', '/api/studio/inventory?stock=low')).json();
    expect(low.variants.every((v: { qtyInStock: number }) => v.qtyInStock > 0 && v.qtyInStock <= 5)).toBe(
      true,
    );
    expect((await call('GET', '/api/studio/inventory?cursor=bogus')).statusCode).toBe(400);
  });

  it('pages through every variant once', async () => {
    const { db } = await testDatabase(backend);
    const [{ n } = { n: 0 }] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(variants)
      .where(eq(variants.websiteId, site.websiteId));
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { variants: { variantId: string }[]; nextPageCursor: string | null } = (
        await call('GET', `/api/studio/inventory${cursor ? `?cursor=${cursor}` : ''}`)
      ).json();
      seen.push(...page.variants.map((v) => v.variantId));
      cursor = page.nextPageCursor;
    } while (cursor);
    expect(seen.length).toBe(n);
    expect(new Set(seen).size).toBe(n);
  });

  it('sets and adjusts stock in one transaction; one bad row changes nothing and names its SKU', async () => {
    const created = (await call('POST', '/api/studio/products', teeBody(await shop()))).json();
    const [a, b] = created.variants;
    // Rendered (and cached) before the edit, so the check below proves the cache was dropped.
    expect((await site.request({ method: 'GET', url: created.fullUrl })).body).toContain('"qtyInStock":4');
    const bad = await call('PATCH', '/api/studio/inventory', {
      changes: [
        { variantId: a.id, qtyInStock: 50 },
        { variantId: b.id, adjustBy: -5 },
      ],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toContain(b.sku);
    expect(await stockOf([a.id, b.id])).toEqual({ [a.id]: 4, [b.id]: 4 });
    const unknown = await call('PATCH', '/api/studio/inventory', {
      changes: [
        { variantId: a.id, qtyInStock: 50 },
        { variantId: 'no-such-variant', qtyInStock: 1 },
      ],
    });
    expect(unknown.statusCode).toBe(400);
    expect(await stockOf([a.id])).toEqual({ [a.id]: 4 });
    // Other processes drop their cached copy of the product page on the catalog NOTIFY.
    const listener = await listen(backend, 'catalog_changed');
    const ok = await call('PATCH', '/api/studio/inventory', {
      changes: [
        { variantId: a.id, qtyInStock: 50 },
        { variantId: b.id, adjustBy: -4 },
      ],
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().variants).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ variantId: a.id, qtyInStock: 50, stockState: 'in_stock' }),
        expect.objectContaining({ variantId: b.id, qtyInStock: 0, stockState: 'out' }),
      ]),
    );
    expect(ok.json().restockOffers).toEqual([]);
    expect(await eventually(() => listener.seen.includes(`${site.websiteId} ${created.id}`))).toBe(true);
    await listener.stop();
    // The product page shows the new stock state at once (the studio group drops cached pages).
    const page = await site.request({ method: 'GET', url: created.fullUrl });
    expect(page.body).toContain('"qtyInStock":50');
  });

  it.each([
    ['both a quantity and an adjustment', (id: string) => ({ variantId: id, qtyInStock: 2, adjustBy: 1 })],
    ['a negative quantity', (id: string) => ({ variantId: id, qtyInStock: -1 })],
    ['a fractional adjustment', (id: string) => ({ variantId: id, adjustBy: 0.5 })],
  ])('refuses %s', async (_what, change) => {
    const { white } = await soldOutMug(backend, site);
    const res = await call('PATCH', '/api/studio/inventory', { changes: [change(white.variantId)] });
    expect(res.statusCode).toBe(400);
  });

  it('refuses stock for a gift card (no stock tracking)', async () => {
    const { db } = await testDatabase(backend);
    const [gift] = await db
      .select({ id: variants.id, sku: variants.sku })
      .from(variants)
      .innerJoin(items, eq(items.id, variants.itemId))
      .where(
        sql`${items.websiteId} = ${site.websiteId} and ${items.id} in (select item_id from products where product_type = 4)`,
      )
      .limit(1);
    const res = await call('PATCH', '/api/studio/inventory', {
      changes: [{ variantId: gift?.id, qtyInStock: 3 }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain(gift?.sku);
  });

  it('offers the restock send for a variant back in stock with signups waiting, and the send mails them', async () => {
    const { white, blue } = await soldOutMug(backend, site);
    for (const email of ['one@example.com', 'two@example.com'])
      await site.request({
        method: 'POST',
        url: '/api/site-users/account/notifications/restock',
        payload: { productId: white.productId, variantId: white.variantId, siteVisitorEmail: email },
      });
    const res = await call('PATCH', '/api/studio/inventory', {
      changes: [
        { variantId: white.variantId, adjustBy: 3 },
        { variantId: blue.variantId, qtyInStock: 2 },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().restockOffers).toEqual([
      { productId: white.productId, variantId: white.variantId, sku: 'MUG-WHT', waiting: 2 },
    ]);
    const send = await call('POST', '/api/site-users/account/notifications/restock/send', {
      productId: white.productId,
      variantId: white.variantId,
    });
    expect(send.statusCode).toBe(200);
    const again = await call('PATCH', '/api/studio/inventory', {
      changes: [{ variantId: white.variantId, adjustBy: 1 }],
    });
    expect(again.json().restockOffers).toEqual([]);
  });

  it(`refuses product ${MAX_PRODUCTS_PER_COLLECTION + 1} of a store`, async () => {
    const store = (await call('POST', storesUrl(site.websiteId), { title: 'Limit Store' })).json();
    const { db } = await testDatabase(backend);
    // 199 rows in one statement, the 200th through the API, then the 201st is refused.
    await db.execute(sql`insert into items (website_id, collection_id, record_type, title, url_id)
      select ${site.websiteId}, ${store.id}, 11, 'p' || g, 'p-' || g from generate_series(1, ${MAX_PRODUCTS_PER_COLLECTION - 1}) g`);
    expect((await call('POST', '/api/studio/products', teeBody(store.id))).statusCode).toBe(201);
    const refused = await call('POST', '/api/studio/products', teeBody(store.id));
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.message).toContain('200');
  });

  async function shop() {
    const stores = (await call('GET', '/api/studio/stores')).json();
    return stores.stores.find((s: { urlId: string }) => s.urlId === 'shop').id as string;
  }
});
