import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../src/db/schema/index';
import { createTestSite, type TestSite } from '../helpers/test-app';
import { backends } from '../helpers/test-db';
import { orderAction, ownerCookies, placedOrder } from './orders-helpers';

describe.each(backends)('owner numbers of a store in test mode on %s', (backend) => {
  let site: TestSite;
  let owner: Record<string, string>;
  beforeAll(async () => {
    site = await createTestSite(backend);
    owner = await ownerCookies(site);
  });
  afterAll(() => site.app.close());

  const summary = async () =>
    (await site.request({ method: 'GET', url: '/api/analytics/summary', cookies: owner })).json();

  it('counts test-mode orders (net of refunds, canceled left out) and says so', async () => {
    const kept = await placedOrder(site);
    const refunded = await placedOrder(site);
    const canceled = await placedOrder(site);
    await orderAction(site, owner, refunded.id, 'refund', { amountCents: 1000 });
    await orderAction(site, owner, canceled.id, 'cancel');
    const s = await summary();
    expect(s.testMode).toBe(true);
    expect(s.checkout.orders).toBe(2);
    expect(s.revenue).toEqual([
      {
        currency: 'USD',
        orders: 2,
        grandTotalCents: kept.order.grandTotalCents + refunded.order.grandTotalCents - 1000,
        testMode: true,
      },
    ]);
  });

  it('once a live payment exists, only live orders count and the label goes', async () => {
    await site.app.database.db.insert(orders).values({
      websiteId: site.websiteId,
      purchasedCartId: randomUUID(),
      accessToken: randomUUID(),
      email: 'live@example.com',
      testMode: false,
      status: 'PAID',
      currency: 'USD',
      grandTotalCents: 4200,
      paymentProvider: 'real',
      paymentReference: randomUUID(),
    });
    const s = await summary();
    expect(s.testMode).toBe(false);
    expect(s.revenue).toEqual([{ currency: 'USD', orders: 1, grandTotalCents: 4200, testMode: false }]);
  });
});
