import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { variants } from '../../src/db/schema/index';
import { type TestSite, createTestSite } from '../helpers/test-app';
import { backends, testDatabase } from '../helpers/test-db';
import { type Call, ownerClient } from '../studio/studio-helpers';
import { libraryImage, shopId, someFormId, teeBody } from './catalog-helpers';

type Body = ReturnType<typeof teeBody>;
type V = Body['variants'][number] & Record<string, unknown>;
const edit = (f: (b: Body) => void) => (b: Body) => {
  f(b);
  return b;
};
const at = (b: Body, i: number) => b.variants[i] as V;

/** Each broken product, the status and a word the answer names. */
const refusals: [string, (b: Body) => Body, number, string][] = [
  [
    'a variant without a value for an option',
    edit((b) => delete (at(b, 1).attributes as Record<string, string>).Color),
    400,
    'Color',
  ],
  [
    'a value for an option the product lacks',
    edit((b) => Object.assign(at(b, 0).attributes, { Fit: 'Slim' })),
    400,
    'Fit',
  ],
  [
    'two variants with one combination',
    edit((b) => (at(b, 1).attributes = { ...at(b, 0).attributes })),
    400,
    'same options',
  ],
  ['an SKU twice in the product', edit((b) => (at(b, 1).sku = at(b, 0).sku)), 400, 'used twice'],
  ['a negative price', edit((b) => (at(b, 0).priceCents = -1)), 400, 'priceCents'],
  ['a fractional price', edit((b) => (at(b, 0).priceCents = 10.5)), 400, 'priceCents'],
  ['negative stock', edit((b) => (at(b, 0).qtyInStock = -2)), 400, 'qtyInStock'],
  [
    'a sale price not below the price',
    edit((b) => Object.assign(at(b, 0), { onSale: true, salePriceCents: 2500 })),
    400,
    'sale price',
  ],
  [
    'a gift card with stock',
    edit((b) =>
      Object.assign(b, {
        productType: 4,
        variantOptionOrdering: [],
        variants: [{ sku: `${at(b, 0).sku}-GC`, priceCents: 5000, qtyInStock: 3 }],
      }),
    ),
    400,
    'do not track stock',
  ],
  [
    'a digital subscription',
    edit((b) =>
      Object.assign(b, {
        productType: 2,
        isSubscribable: true,
        subscriptionPlan: { billingPeriod: { value: 1, unit: 'MONTH' }, numBillingCycles: 0 },
        variantOptionOrdering: [],
        variants: [{ sku: `${at(b, 0).sku}-D`, priceCents: 900 }],
      }),
    ),
    400,
    'subscriptions',
  ],
  [
    'a subscription without a plan',
    edit((b) => Object.assign(b, { isSubscribable: true })),
    400,
    'billing period',
  ],
  [
    'a billing unit outside WEEK, MONTH, YEAR',
    edit((b) =>
      Object.assign(b, {
        isSubscribable: true,
        subscriptionPlan: { billingPeriod: { value: 1, unit: 'DAY' }, numBillingCycles: 0 },
      }),
    ),
    400,
    'unit',
  ],
  ['no variants', edit((b) => (b.variants = [])), 400, 'at least one variant'],
  ['an unknown product type', edit((b) => Object.assign(b, { productType: 7 })), 400, 'productType'],
  [
    'a form that does not exist',
    edit((b) => Object.assign(b, { additionalFieldsFormId: 'no-such-form' })),
    400,
    'no-such-form',
  ],
  [
    'a category of no store',
    edit((b) => Object.assign(b, { categoryIds: ['no-such-category'] })),
    400,
    'no-such-category',
  ],
  [
    'an image not in the library',
    edit((b) => Object.assign(b, { imageIds: ['no-such-image'] })),
    400,
    'no-such-image',
  ],
  ['a URL id with spaces', edit((b) => Object.assign(b, { urlId: 'Not A Slug' })), 400, 'URL'],
  ['a store that does not exist', edit((b) => Object.assign(b, { collectionId: 'nowhere' })), 404, 'locate'],
];

describe.each(backends)('studio products on %s', (backend) => {
  let site: TestSite;
  let call: Call;
  let shop: string;
  beforeAll(async () => {
    site = await createTestSite(backend);
    ({ call } = await ownerClient(site));
    shop = await shopId(backend, site);
  });
  afterAll(() => site.app.close());

  it.each(refusals)('refuses %s', async (_what, breakIt, status, word) => {
    const res = await call('POST', '/api/studio/products', breakIt(teeBody(shop)));
    expect(res.statusCode).toBe(status);
    expect(JSON.stringify(res.json())).toContain(word);
  });

  it('creates a product with options, images, a form and merchandising, and the shop shows it', async () => {
    const [front, back] = [
      await libraryImage(backend, site, 'front'),
      await libraryImage(backend, site, 'back'),
    ];
    const formId = await someFormId(backend, site);
    const stores = (await call('GET', '/api/studio/stores')).json();
    const category = stores.stores.find((s: { id: string }) => s.id === shop).categories[0];
    const body = teeBody(shop, {
      excerpt: '<p>Soft</p>',
      description: '<p>Very soft cotton.</p>',
      imageIds: [front, back],
      categoryIds: [category.id],
      additionalFieldsFormId: formId,
      useCustomAddButtonText: true,
      customAddButtonText: 'Grab it',
      merchandising: {
        scarcityEnabled: true,
        scarcityText: 'Only {qty} left',
        customSoldOutText: 'Gone',
        restockNotificationsEnabled: true,
      },
    });
    at(body, 3).onSale = true;
    at(body, 3).salePriceCents = 1900;
    const res = await call('POST', '/api/studio/products', body);
    expect(res.statusCode).toBe(201);
    const product = res.json();
    expect(product).toMatchObject({
      title: body.title,
      urlId: body.title.toLowerCase().replace(/ /g, '-'),
      fullUrl: `/shop/p/${product.urlId}`,
      categoryIds: [category.id],
      additionalFieldsFormId: formId,
      stockState: 'in_stock',
      merchandising: { scarcityEnabled: true, customSoldOutText: 'Gone', restockNotificationsEnabled: true },
      images: [
        { id: front, assetUrl: expect.stringMatching(/^\/media\//), altText: 'front alt' },
        { id: back, altText: 'back alt' },
      ],
    });
    expect(product.variants.map((v: { sku: string }) => v.sku)).toEqual(body.variants.map((v) => v.sku));
    const inCategory = (
      await call('GET', `/api/studio/products?categoryId=${category.id}&collectionId=${shop}`)
    ).json();
    expect(inCategory.products.map((p: { id: string }) => p.id)).toContain(product.id);
    expect(
      inCategory.products.every((p: { categoryIds: string[] }) => p.categoryIds.includes(category.id)),
    ).toBe(true);
    const elsewhere = (await call('GET', '/api/studio/products?collectionId=nowhere')).json();
    expect(elsewhere.products).toEqual([]);
    expect((await call('GET', `/api/studio/products/${product.id}`)).json()).toEqual(product);

    const shopPage = await site.request({ method: 'GET', url: '/shop' });
    expect(shopPage.body).toContain(body.title);
    const page = await site.request({ method: 'GET', url: product.fullUrl });
    expect(page.statusCode).toBe(200);
    for (const v of body.variants) expect(page.body).toContain(v.sku);
    expect(page.body).toContain('Grab it');
    expect(page.body).toContain('Very soft cotton.');
    expect(page.body).toContain(product.images[0].assetUrl);
    // The page context reads the merchandising the editor saved.
    expect(page.body).toContain('Only {qty} left');
  });

  it('refuses an SKU another product uses with 409 naming it, and a URL id taken in the store', async () => {
    const dup = teeBody(shop);
    at(dup, 2).sku = 'TEE-NAV-S';
    const res = await call('POST', '/api/studio/products', dup);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toContain('TEE-NAV-S');
    const lower = teeBody(shop);
    at(lower, 0).sku = 'tee-nav-m';
    const lowerRes = await call('POST', '/api/studio/products', lower);
    expect(lowerRes.statusCode).toBe(409);
    expect(lowerRes.json().error.message).toContain('TEE-NAV-M');
    const taken = await call('POST', '/api/studio/products', teeBody(shop, { urlId: 'classic-tee' }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.message).toContain('classic-tee');
  });

  it('replaces the variant set: sent ids are kept (signups follow), others removed, new ones added', async () => {
    const created = (await call('POST', '/api/studio/products', teeBody(shop))).json();
    const [keep, swapA, swapB, drop] = created.variants;
    const { db } = await testDatabase(backend);
    const signup = await site.request({
      method: 'POST',
      url: '/api/site-users/account/notifications/restock',
      payload: { productId: created.id, variantId: keep.id, siteVisitorEmail: 'wait@example.com' },
    });
    expect(signup.statusCode).toBeLessThan(300);
    const saved = await call('PUT', `/api/studio/products/${created.id}`, {
      ...teeBody(shop),
      title: created.title,
      variants: [
        { ...keep, priceCents: 3100 },
        // Two kept variants swap SKUs in one save.
        { ...swapA, sku: swapB.sku },
        { ...swapB, sku: swapA.sku },
        { sku: `${drop.sku}-NEW`, attributes: drop.attributes, priceCents: 2500 },
      ],
    });
    expect(saved.statusCode).toBe(200);
    const after = saved.json();
    expect(after.urlId).toBe(created.urlId);
    expect(after.variants.map((v: { id: string }) => v.id).slice(0, 3)).toEqual([
      keep.id,
      swapA.id,
      swapB.id,
    ]);
    expect(after.variants[0].priceCents).toBe(3100);
    expect(after.variants[1].sku).toBe(swapB.sku);
    expect(after.variants[3].id).not.toBe(drop.id);
    expect(await db.select().from(variants).where(eq(variants.id, drop.id))).toEqual([]);
    const twice = await call('PUT', `/api/studio/products/${created.id}`, {
      ...teeBody(shop),
      variants: [keep, { ...keep, sku: 'OTHER-SKU', attributes: swapA.attributes }],
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().error.message).toContain(keep.id);
    const groups = await call(
      'GET',
      `/api/site-users/account/notifications/restock?productId=${created.id}&variantId=${keep.id}`,
    );
    expect(JSON.stringify(groups.json())).toContain('wait@example.com');
  });

  it('keeps a seeded image by its current:N id and lists, filters and searches products', async () => {
    const list = (await call('GET', '/api/studio/products?q=classic')).json();
    const tee = list.products.find((p: { urlId: string }) => p.urlId === 'classic-tee');
    // One price over all its variants: lowest and highest are the same.
    expect(tee).toMatchObject({
      productType: 1,
      currency: 'USD',
      variantCount: 6,
      priceCents: 2800,
      maxPriceCents: 2800,
    });
    const detail = (await call('GET', `/api/studio/products/${tee.id}`)).json();
    expect(detail.images[0].id).toBe('current:0');
    const bySku = (await call('GET', '/api/studio/products?q=mug-wht')).json();
    expect(bySku.products.map((p: { urlId: string }) => p.urlId)).toEqual(['stoneware-mug']);
    const out = (await call('GET', '/api/studio/products?stock=out')).json();
    expect(out.products.map((p: { urlId: string }) => p.urlId)).toContain('stoneware-mug');
    expect(out.products.every((p: { stockState: string }) => p.stockState === 'out')).toBe(true);
    const unlimited = (await call('GET', '/api/studio/products?stock=unlimited')).json();
    expect(unlimited.products.length).toBeGreaterThan(0);
    expect(unlimited.products.every((p: { totalStock: number | null }) => p.totalStock === null)).toBe(true);
    const gift = (await call('GET', '/api/studio/products?type=4')).json();
    expect(gift.products.length).toBeGreaterThan(0);
    expect(gift.products.every((p: { productType: number }) => p.productType === 4)).toBe(true);
    // Denominations $25–$100: the list shows the range.
    expect(gift.products.find((p: { urlId: string }) => p.urlId === 'gift-card')).toMatchObject({
      variantCount: 3,
      priceCents: 2500,
      maxPriceCents: 10000,
    });
    const { images, variants: vs, ...rest } = detail;
    const saved = await call('PUT', `/api/studio/products/${tee.id}`, {
      ...rest,
      imageIds: images.map((i: { id: string }) => i.id),
      variants: vs.map(({ stockState: _s, ...v }: { stockState: string }) => v),
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().images).toEqual(images);
    expect(saved.json().variants.map((v: { id: string }) => v.id)).toEqual(
      vs.map((v: { id: string }) => v.id),
    );
  });

  it('answers 4xx, never 5xx, to characters the database cannot store', async () => {
    expect((await call('GET', '/api/studio/products?q=%00')).statusCode).toBe(400);
    expect((await call('GET', '/api/studio/inventory?q=%ED%A0%80')).statusCode).toBeLessThan(500);
    const body = teeBody(shop);
    at(body, 0).sku = 'A\u0000B';
    expect((await call('POST', '/api/studio/products', body)).statusCode).toBe(400);
  });

  it.each(['type=7', 'type=abc', 'stock=plenty', 'cursor=%%%'])(
    'refuses the list query %s with 400',
    async (query) => {
      expect((await call('GET', `/api/studio/products?${query}`)).statusCode).toBe(400);
    },
  );

  it('deletes a product: it leaves the studio list and the shop', async () => {
    const created = (await call('POST', '/api/studio/products', teeBody(shop))).json();
    expect((await call('DELETE', `/api/studio/products/${created.id}`)).json()).toEqual({ ok: true });
    expect((await call('GET', `/api/studio/products/${created.id}`)).statusCode).toBe(404);
    expect((await site.request({ method: 'GET', url: created.fullUrl })).statusCode).toBe(404);
    expect((await call('DELETE', `/api/studio/products/${created.id}`)).statusCode).toBe(404);
  });

  it('is owner only: 401 signed out, 403 for a customer, 403 without the crumb', async () => {
    expect((await site.request({ method: 'GET', url: '/api/studio/products' })).statusCode).toBe(401);
    const { sessionOf } = await import('../restock-helpers');
    const customer = await sessionOf(site, 'customer');
    const asCustomer = await site.request({
      method: 'GET',
      url: '/api/studio/inventory',
      cookies: { siteUserSession: customer },
    });
    expect(asCustomer.statusCode).toBe(403);
    const { session } = await ownerClient(site);
    const noCrumb = await site.request({
      method: 'POST',
      url: '/api/studio/products',
      payload: teeBody(shop),
      crumb: false,
      cookies: { siteUserSession: session },
    });
    expect(noCrumb.statusCode).toBe(403);
  });
});
