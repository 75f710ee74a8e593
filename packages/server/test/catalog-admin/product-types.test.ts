import { MAX_PRODUCTS_PER_COLLECTION } from '@store/commerce';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestSite, createTestSite } from '../helpers/test-app';
import { backends, testDatabase } from '../helpers/test-db';
import { type Call, ownerClient } from '../studio/studio-helpers';
import { shopId, teeBody } from './catalog-helpers';

const monthly = { billingPeriod: { value: 1, unit: 'MONTH' }, numBillingCycles: 6 };

/** One valid product of each type: what the studio sends, and what the read must answer. */
const kinds: [string, Record<string, unknown>, Record<string, unknown>][] = [
  [
    'a digital product (no stock: unlimited)',
    { productType: 2, variantOptionOrdering: [], variants: [{ sku: 'DIG', priceCents: 900 }] },
    { stockState: 'unlimited', variants: [expect.objectContaining({ unlimited: true, qtyInStock: 0 })] },
  ],
  [
    'a service sold as a subscription',
    {
      productType: 3,
      isSubscribable: true,
      subscriptionPlan: monthly,
      variantOptionOrdering: [],
      variants: [{ sku: 'SVC', priceCents: 4000, qtyInStock: 3 }],
    },
    { isSubscribable: true, subscriptionPlan: monthly, stockState: 'low' },
  ],
  [
    'a gift card with denominations',
    {
      productType: 4,
      variantOptionOrdering: ['Amount'],
      variants: [25, 50].map((n) => ({
        sku: `GC-${n}`,
        attributes: { Amount: `$${n}` },
        priceCents: n * 100,
      })),
    },
    { stockState: 'unlimited', variantOptionOrdering: ['Amount'] },
  ],
  [
    'a physical product with custom add-button text and unlimited stock',
    {
      productType: 1,
      useCustomAddButtonText: true,
      customAddButtonText: 'Pre-order',
      variantOptionOrdering: [],
      variants: [{ sku: 'PHY', priceCents: 100, unlimited: true, weightGrams: 350 }],
    },
    {
      customAddButtonText: 'Pre-order',
      stockState: 'unlimited',
      variants: [expect.objectContaining({ weightGrams: 350 })],
    },
  ],
];

describe.each(backends)('product types and concurrent saves on %s', (backend) => {
  let site: TestSite;
  let call: Call;
  let shop: string;
  let n = 0;
  beforeAll(async () => {
    site = await createTestSite(backend);
    ({ call } = await ownerClient(site));
    shop = await shopId(backend, site);
  });
  afterAll(() => site.app.close());

  it.each(kinds)('creates %s and its page renders', async (_what, fields, expected) => {
    const suffix = `-${++n}-${backend}`;
    const body = {
      title: `Kind ${n}`,
      collectionId: shop,
      ...fields,
      variants: (fields.variants as { sku: string }[]).map((v) => ({ ...v, sku: v.sku + suffix })),
    };
    const res = await call('POST', '/api/studio/products', body);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject(expected);
    const page = await site.request({ method: 'GET', url: res.json().fullUrl });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`Kind ${n}`);
  });

  it('two saves racing for one SKU: one wins, the other is a 409 (never a 500)', async () => {
    const a = teeBody(shop);
    const b = teeBody(shop);
    b.variants[0] = { ...b.variants[0], sku: a.variants[0]?.sku ?? '' } as (typeof b.variants)[number];
    const results = await Promise.all([
      call('POST', '/api/studio/products', a),
      call('POST', '/api/studio/products', b),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });

  it(`two saves racing for the ${MAX_PRODUCTS_PER_COLLECTION}th place of a store: one wins`, async () => {
    const store = (
      await call('POST', `/api/content-service/product/1.1/websites/${site.websiteId}/products`, {
        title: 'Race Store',
      })
    ).json();
    const { db } = await testDatabase(backend);
    await db.execute(sql`insert into items (website_id, collection_id, record_type, title, url_id)
      select ${site.websiteId}, ${store.id}, 11, 'p' || g, 'p-' || g from generate_series(1, ${MAX_PRODUCTS_PER_COLLECTION - 1}) g`);
    const results = await Promise.all([
      call('POST', '/api/studio/products', teeBody(store.id)),
      call('POST', '/api/studio/products', teeBody(store.id)),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 422]);
  });
});
