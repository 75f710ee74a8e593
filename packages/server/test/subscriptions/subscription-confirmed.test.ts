import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptions } from '../../src/db/schema/index';
import { type TestSite, createTestSite } from '../helpers/test-app';
import { backends } from '../helpers/test-db';
import { placedOrder } from '../orders/orders-helpers';

describe.each(backends)('the subscription-confirmed page (206) on %s', (backend) => {
  let site: TestSite;
  beforeAll(async () => {
    site = await createTestSite(backend);
  });
  afterAll(() => site.app.close());

  async function subscribe(orderId: string, extra: Partial<typeof subscriptions.$inferInsert> = {}) {
    await site.app.database.db.insert(subscriptions).values({
      websiteId: site.websiteId,
      email: 'buyer@example.com',
      kind: 'product',
      firstOrderId: orderId,
      itemId: 'item-coffee',
      sku: 'COFFEE-1',
      productName: 'Coffee of the month',
      unitPriceCents: 1200,
      currency: 'USD',
      periodUnit: 'MONTH',
      periodValue: 1,
      cyclesDone: 1,
      anchorAt: new Date('2026-03-15T15:00:00Z'),
      anchorDay: 15,
      // 23:30 in New York on April 14th is April 15th in UTC: the page says the site's day.
      nextBillingAt: new Date('2026-04-15T03:30:00Z'),
      paymentProvider: 'test',
      ...extra,
    });
  }
  const page = (query: string) =>
    site.request({ method: 'GET', url: `/checkout/order-confirmed?${query}`, crumb: false });

  it('an order that started a subscription is confirmed as 206, with the price wording and the first renewal', async () => {
    const order = await placedOrder(site);
    await subscribe(order.id);
    const json = await page(`orderId=${order.id}&token=${order.accessToken}&format=json`);
    expect(json.statusCode).toBe(200);
    const context = json.json();
    expect(context.pageType).toBe(206);
    expect(context.subscriptionConfirmed.subscriptions).toEqual([
      expect.objectContaining({
        productName: 'Coffee of the month',
        priceText: '$12.00 every month',
        firstRenewalText: 'April 14, 2026',
        trial: false,
      }),
    ]);
    const html = await page(`orderId=${order.id}&token=${order.accessToken}`);
    expect(html.body).toContain('Your subscription is confirmed');
    expect(html.body).toContain('$12.00 every month');
    expect(html.body).toContain('Renews on April 14, 2026');
    expect(html.headers['x-page-cache']).not.toBe('hit');
  });

  it('without the order’s token (or with another) the page says nothing of it: 202', async () => {
    const order = await placedOrder(site);
    await subscribe(order.id);
    for (const query of [`orderId=${order.id}`, `orderId=${order.id}&token=nope`]) {
      const res = await page(`${query}&format=json`);
      expect(res.json().pageType).toBe(202);
      expect(res.json().subscriptionConfirmed).toBeUndefined();
    }
    // And the page with the token right after is still the buyer's, never a cached copy.
    const again = await page(`orderId=${order.id}&token=${order.accessToken}`);
    expect(again.body).toContain('Coffee of the month');
  });

  it('an order without a subscription stays "order confirmed" (202)', async () => {
    const order = await placedOrder(site);
    const res = await page(`orderId=${order.id}&token=${order.accessToken}&format=json`);
    expect(res.json().pageType).toBe(202);
  });
});
