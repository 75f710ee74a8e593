import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderItems, orders } from '../../src/db/schema/index';
import { createTestSite, type TestSite } from '../helpers/test-app';
import { backends } from '../helpers/test-db';
import { sessionOf } from '../restock-helpers';
import { ownerCookies, placedOrder } from './orders-helpers';

describe.each(backends)('owner orders list and order reads on %s', (backend) => {
  let site: TestSite;
  let owner: Record<string, string>;
  let ada: Awaited<ReturnType<typeof placedOrder>>;
  const list = (cookies: Record<string, string>, query = '') =>
    site.request({ method: 'GET', url: `/api/commerce/orders${query}`, cookies });

  beforeAll(async () => {
    site = await createTestSite(backend);
    owner = await ownerCookies(site);
    ada = await placedOrder(site, { email: 'ada@example.com', sku: 'TEE-NAV-L' });
    // 54 older orders written directly (checkout is tested elsewhere): enough for two pages.
    const db = site.app.database.db;
    const rows = await db
      .insert(orders)
      .values(
        Array.from({ length: 54 }, (_, i) => ({
          websiteId: site.websiteId,
          purchasedCartId: `bulk-${site.websiteId}-${i}`,
          accessToken: `token-${i}`,
          email: `bulk${i}@example.com`,
          testMode: true,
          status: i % 2 === 0 ? ('FULFILLED' as const) : ('PAID' as const),
          currency: 'USD',
          grandTotalCents: 1000 + i,
          paymentProvider: 'test',
          paymentReference: `test_bulk_${i}`,
          createdAt: new Date(Date.now() - (i + 1) * 60_000),
        })),
      )
      .returning();
    await db.insert(orderItems).values(
      rows.map((o) => ({
        websiteId: site.websiteId,
        orderId: o.id,
        itemId: 'bulk-item',
        sku: 'BULK-SKU',
        productName: 'Bulk',
        productType: 1,
        quantity: 2,
      })),
    );
  });
  afterAll(() => site.app.close());

  it('is owner-only: 401 signed out, 403 for a customer (never a list)', async () => {
    const anonymous = await list({});
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().orders).toBeUndefined();
    const customer = await list({ siteUserSession: await sessionOf(site, 'customer') });
    expect(customer.statusCode).toBe(403);
  });

  it('pages newest first without repeating or skipping an order', async () => {
    const first = (await list(owner)).json();
    expect(first.orders).toHaveLength(50);
    expect(first.hasNextPage).toBe(true);
    expect(first.orders[0]).toMatchObject({
      id: ada.id,
      email: 'ada@example.com',
      testMode: true,
      itemCount: 1,
    });
    const second = (await list(owner, `?cursor=${first.nextPageCursor}`)).json();
    expect(second).toMatchObject({ hasNextPage: false, nextPageCursor: null });
    const ids = [...first.orders, ...second.orders].map((o: { id: string }) => o.id);
    expect(new Set(ids).size).toBe(55);
    const times = [...first.orders, ...second.orders].map((o: { createdOn: number }) => o.createdOn);
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it.each([
    ['the order number', () => String(ada.order.orderNumber), 1],
    ['the order number with #', () => `#${ada.order.orderNumber}`, 1],
    ['part of an e-mail, any case', () => 'ADA@EXAMPLE', 1],
    ['a SKU', () => 'tee-nav-l', 1],
    ['a shared SKU', () => 'BULK-SKU', 50],
    ['a LIKE wildcard taken literally', () => '%', 0],
  ])('searches by %s', async (_name, q, count) => {
    const res = (await list(owner, `?q=${encodeURIComponent(q())}`)).json();
    expect(res.orders).toHaveLength(count);
    if (count === 1) expect(res.orders[0].id).toBe(ada.id);
  });

  it('filters by status, combined with the search', async () => {
    const fulfilled = (await list(owner, '?status=FULFILLED')).json();
    expect(fulfilled.orders).toHaveLength(27);
    expect(fulfilled.orders.every((o: { status: string }) => o.status === 'FULFILLED')).toBe(true);
    const both = (await list(owner, '?status=PAID&q=ada')).json();
    expect(both.orders.map((o: { id: string }) => o.id)).toEqual([ada.id]);
    expect((await list(owner, '?status=SHIPPED')).statusCode).toBe(400);
    expect((await list(owner, '?cursor=@@@')).statusCode).toBe(400);
  });

  it('reads one order: the buyer with the token, the owner without (with the timeline)', async () => {
    const url = `/api/commerce/orders/${ada.id}`;
    const buyer = await site.request({ method: 'GET', url: `${url}?token=${ada.accessToken}` });
    expect(buyer.statusCode).toBe(200);
    expect(buyer.json().order.id).toBe(ada.id);
    expect(buyer.json().order.events).toBeUndefined();
    const asOwner = await site.request({ method: 'GET', url, cookies: owner });
    expect(asOwner.json().order).toMatchObject({ id: ada.id, refundedCents: 0, trackingNumber: null });
    expect(asOwner.json().order.events.map((e: { kind: string }) => e.kind)).toEqual(['placed', 'paid']);
    expect((await site.request({ method: 'GET', url: `${url}?token=nope` })).statusCode).toBe(404);
    expect((await site.request({ method: 'GET', url })).statusCode).toBe(401);
    const customer = { siteUserSession: await sessionOf(site, 'customer') };
    expect((await site.request({ method: 'GET', url, cookies: customer })).statusCode).toBe(403);
  });
});
