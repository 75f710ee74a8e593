import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { websites } from '../src/db/schema/index';
import { type TestSite, createTestSite } from './helpers/test-app';
import { backends, testDatabase } from './helpers/test-db';
import { demoProduct } from './helpers/shop';
import { sessionOf } from './restock-helpers';
import { present } from './helpers/present';

const review = {
  rating: 4,
  title: 'Good',
  body: 'Nice and sturdy.',
  authorName: 'Ada',
  email: 'ada@example.com',
};

describe.each(backends)('native reviews on %s', (backend) => {
  let site: TestSite;
  let tote: string;
  let tee: string;
  let owner: string;
  let customer: string;
  let n = 0;
  const url = (id: string) => `/api/commerce/products/${id}/reviews`;
  const write = (id: string, payload: object, extra: { crumb?: boolean } = {}) =>
    site.request({
      method: 'POST',
      url: url(id),
      payload,
      headers: { 'x-forwarded-for': `10.9.${n++ % 250}.1` },
      ...extra,
    });
  const moderate = (reviewId: string, status: string, cookie = owner) =>
    site.request({
      method: 'POST',
      url: `/api/owner/reviews/${reviewId}/moderation`,
      payload: { status },
      cookies: cookie ? { siteUserSession: cookie } : {},
    });

  beforeAll(async () => {
    site = await createTestSite(backend);
    tote = (await demoProduct(site, 'canvas-tote')).id;
    tee = (await demoProduct(site, 'classic-tee')).id;
    owner = await sessionOf(site, 'owner');
    customer = await sessionOf(site, 'customer');
  });
  afterAll(() => site.app.close());

  it('lists the seeded approved reviews with their star summary, newest first, without emails', async () => {
    const res = await site.request({ method: 'GET', url: url(tee) });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.summary).toEqual({ count: 3, average: 4.7, histogram: [0, 0, 0, 1, 2] });
    expect(body.reviews.map((r: { authorName: string }) => r.authorName)).toEqual([
      'Maya R.',
      'Tom B.',
      'Ines K.',
    ]);
    expect(JSON.stringify(body)).not.toContain('@example.com');
    expect(body.hasNextPage).toBe(false);
  });

  it('holds a new review for moderation; approval shows it and updates the product page summary', async () => {
    const page = async () =>
      (await site.request({ method: 'GET', url: '/shop/p/canvas-tote?format=json' })).json();
    expect((await page()).item.productReviews).toMatchObject({ count: 0 });
    const res = await write(tote, review);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ status: 'PENDING', verifiedBuyer: false });
    const id = res.json().id as string;
    expect((await site.request({ method: 'GET', url: url(tote) })).json().reviews).toEqual([]);

    const queue = await site.request({
      method: 'GET',
      url: '/api/owner/reviews',
      cookies: { siteUserSession: owner },
    });
    expect(queue.statusCode).toBe(200);
    expect(queue.json().reviews.map((r: { id: string }) => r.id)).toContain(id);
    expect(queue.json().reviews.find((r: { id: string }) => r.id === id)).toMatchObject({
      email: 'ada@example.com',
      productTitle: 'Canvas Tote',
    });

    expect((await moderate(id, 'APPROVED')).json()).toMatchObject({ id, status: 'APPROVED' });
    const list = (await site.request({ method: 'GET', url: url(tote) })).json();
    expect(list.reviews).toHaveLength(1);
    expect(list.summary).toEqual({ count: 1, average: 4, histogram: [0, 0, 0, 1, 0] });
    expect((await page()).item.productReviews).toMatchObject({ count: 1, averageText: '4.0' });

    expect((await moderate(id, 'REJECTED')).statusCode).toBe(200);
    expect((await site.request({ method: 'GET', url: url(tote) })).json().reviews).toEqual([]);
  });

  it.each([
    [{ ...review, rating: 0 }, 'rating', 'Choose a rating from 1 to 5 stars.'],
    [{ ...review, rating: 6 }, 'rating', 'Choose a rating from 1 to 5 stars.'],
    [{ ...review, rating: 2.5 }, 'rating', 'Choose a rating from 1 to 5 stars.'],
    [{ ...review, body: '   ' }, 'body', 'Write a few words about the product.'],
    [{ ...review, authorName: '' }, 'authorName', 'Please enter your name.'],
    [{ ...review, email: 'nope' }, 'email', 'Please enter a valid email'],
    [{ ...review, body: 'x'.repeat(5001) }, 'body', undefined],
  ])('refuses %o with a 400 naming %s', async (payload, field, message) => {
    const res = await write(tote, payload);
    expect(res.statusCode).toBe(400);
    const errors = res.json().errors ?? {};
    expect(Object.keys(errors)).toContain(field);
    if (message) expect(errors[field]).toBe(message);
  });

  it('needs the crumb, a real product, and the owner to moderate', async () => {
    expect((await write(tote, review, { crumb: false })).statusCode).toBe(403);
    expect((await write('no-such-product', review)).statusCode).toBe(404);
    const id = (await write(tote, review)).json().id as string;
    expect((await moderate(id, 'APPROVED', '')).statusCode).toBe(401);
    expect((await moderate(id, 'APPROVED', customer)).statusCode).toBe(403);
    expect((await moderate(id, 'MAYBE')).statusCode).toBe(400);
    expect((await moderate('no-such-review', 'APPROVED')).statusCode).toBe(404);
    expect((await site.request({ method: 'GET', url: '/api/owner/reviews' })).statusCode).toBe(401);
    expect((await site.request({ method: 'GET', url: `${url(tote)}?cursor=bogus` })).statusCode).toBe(400);
  });

  it('marks the review of an email that bought the product as a verified buyer', async () => {
    const { db } = await testDatabase(backend);
    const { orders, orderItems } = await import('../src/db/schema/index');
    const [order] = await db
      .insert(orders)
      .values({
        websiteId: site.websiteId,
        purchasedCartId: `cart-${site.host}`,
        accessToken: 'x',
        email: 'Buyer@Example.com',
        testMode: true,
        currency: 'USD',
        subtotalCents: 0,
        taxCents: 0,
        shippingCents: 0,
        discountCents: 0,
        grandTotalCents: 0,
        paymentProvider: 'test',
        paymentReference: 'x',
      })
      .returning({ id: orders.id });
    await db.insert(orderItems).values({
      websiteId: site.websiteId,
      orderId: present(order, 'the inserted order').id,
      itemId: tote,
      sku: 'TOTE',
      productName: 'Canvas Tote',
      productType: 1,
      quantity: 1,
      unitPriceCents: 0,
    });
    const res = await write(tote, { ...review, email: 'buyer@example.com' });
    expect(res.json().verifiedBuyer).toBe(true);
  });

  it('is not found when the store has native reviews off', async () => {
    const { db } = await testDatabase(backend);
    const [row] = await db.select().from(websites).where(eq(websites.id, site.websiteId));
    const storeSettings = {
      ...present(row, 'the site').storeSettings,
      merchandisingSettings: { enableNativeReviews: false, enableImportedReviews: false },
    };
    await db.update(websites).set({ storeSettings }).where(eq(websites.id, site.websiteId));
    // The site resolver keeps settings briefly; a fresh app reads them at once.
    const fresh = await createTestSite(backend);
    await db.update(websites).set({ storeSettings }).where(eq(websites.id, fresh.websiteId));
    try {
      const id = (await demoProduct(fresh, 'canvas-tote')).id;
      const res = await fresh.request({ method: 'GET', url: url(id) });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe('Reviews are not enabled for this store.');
      expect(
        (await fresh.request({ method: 'GET', url: '/shop/p/canvas-tote?format=json' })).json().item
          .productReviews,
      ).toBeUndefined();
    } finally {
      await fresh.app.close();
    }
  });
});
