import { randomUUID } from 'node:crypto';
import { API_MESSAGES } from '@store/api';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderItems, orders } from '../../src/db/schema/index';
import { ACCOUNT_ORDERS_PAGE } from '../../src/services/site-users/account-orders';
import { addToCart, demoProduct, shippingAddress } from '../helpers/shop';
import { type TestSite, createTestSite } from '../helpers/test-app';
import { backends } from '../helpers/test-db';
import { DEMO_OWNER } from '../../src/services/site-users/demo-accounts';
import { sessionOf } from '../restock-helpers';
import { asCustomer, newCustomer } from './account-helpers';

describe.each(backends)('an account’s orders on %s', (backend) => {
  let site: TestSite;
  beforeAll(async () => {
    site = await createTestSite(backend);
  });
  afterAll(() => site.app.close());

  /** An order row as checkout would leave it, `minutesAgo` old. */
  async function insertOrder(
    siteUserId: string | null,
    minutesAgo: number,
    extra: Partial<typeof orders.$inferInsert> = {},
  ) {
    const [row] = await site.app.database.db
      .insert(orders)
      .values({
        websiteId: site.websiteId,
        purchasedCartId: randomUUID(),
        accessToken: randomUUID(),
        siteUserId,
        email: 'buyer@example.com',
        testMode: true,
        status: 'PAID',
        currency: 'USD',
        subtotalCents: 1000 + Math.round(minutesAgo),
        grandTotalCents: 1000 + Math.round(minutesAgo),
        paymentProvider: 'test',
        paymentReference: 'ref',
        createdAt: new Date(Date.now() - minutesAgo * 60_000),
        ...extra,
      })
      .returning();
    if (!row) throw new Error('no order row');
    await site.app.database.db.insert(orderItems).values({
      websiteId: site.websiteId,
      orderId: row.id,
      itemId: 'item',
      sku: 'SKU-1',
      productName: 'Thing',
      productType: 1,
      quantity: 3,
      unitPriceCents: 500,
    });
    return row;
  }

  const list = (session: string, cursor?: string) =>
    asCustomer(site, session, {
      method: 'GET',
      url: `/api/site-users/account/orders${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`,
    });

  it('lists only the account’s own orders, newest first, in keyset pages', async () => {
    const alice = await newCustomer(site);
    const bob = await newCustomer(site);
    const total = ACCOUNT_ORDERS_PAGE + 5;
    const mine: string[] = [];
    // Oldest first into the database; the list must come back newest first.
    for (let i = total; i >= 1; i -= 1) mine.unshift((await insertOrder(alice.id, i)).id);
    await insertOrder(bob.id, 0.5);
    // A guest order with Alice's e-mail is not hers (accounts' e-mails are not verified).
    await insertOrder(null, 0.25, { email: alice.email });

    const first = await list(alice.session);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    const page1 = first.json();
    expect(page1.orders).toHaveLength(ACCOUNT_ORDERS_PAGE);
    expect(page1.hasNextPage).toBe(true);
    expect(page1.orders[0]).toMatchObject({
      id: mine[0],
      status: 'PAID',
      testMode: true,
      itemCount: 3,
      grandTotalCents: 1001,
      grandTotal: { value: '10.01', currency: 'USD' },
    });
    const page2 = (await list(alice.session, page1.nextPageCursor)).json();
    expect(page2.hasNextPage).toBe(false);
    expect(page2.nextPageCursor).toBeNull();
    const ids = [...page1.orders, ...page2.orders].map((o: { id: string }) => o.id);
    expect(ids).toEqual(mine);

    const bobs = (await list(bob.session)).json();
    expect(bobs.orders).toHaveLength(1);
    expect(ids).not.toContain(bobs.orders[0].id);
  });

  it('answers 400 for a cursor that is not one', async () => {
    const alice = await newCustomer(site);
    expect((await list(alice.session, 'not-a-cursor')).statusCode).toBe(400);
  });

  it('shows one order with its lines and totals; another account’s order is not found', async () => {
    const alice = await newCustomer(site);
    const bob = await newCustomer(site);
    const order = await insertOrder(alice.id, 1, { shippingAddress: { ...shippingAddress } });
    const own = await asCustomer(site, alice.session, {
      method: 'GET',
      url: `/api/site-users/account/orders/${order.id}`,
    });
    expect(own.statusCode).toBe(200);
    expect(own.json().order).toMatchObject({
      id: order.id,
      orderNumber: order.orderNumber,
      status: 'PAID',
      grandTotalCents: 1001,
      shippingAddress: { city: 'Hudson', country: 'US' },
      items: [{ sku: 'SKU-1', productName: 'Thing', quantity: 3, unitPriceCents: 500 }],
      trackingNumber: null,
    });
    for (const url of [`/api/site-users/account/orders/${order.id}`, '/api/site-users/account/orders/nope']) {
      const other = await asCustomer(site, bob.session, { method: 'GET', url });
      expect(other.statusCode).toBe(404);
      expect(other.json().error.message).toBe(API_MESSAGES.accountOrderNotFound);
    }
  });

  it('shows the tracking number once the order was fulfilled, not before', async () => {
    const alice = await newCustomer(site);
    const order = await insertOrder(alice.id, 1, { trackingNumber: '1Z999', trackingCarrier: 'UPS' });
    const read = async () =>
      (
        await asCustomer(site, alice.session, {
          method: 'GET',
          url: `/api/site-users/account/orders/${order.id}`,
        })
      ).json().order;
    expect((await read()).trackingNumber).toBeNull();
    const fulfilledAt = new Date();
    await site.app.database.db
      .update(orders)
      .set({ status: 'FULFILLED', fulfilledAt })
      .where(eq(orders.id, order.id));
    expect(await read()).toMatchObject({
      status: 'FULFILLED',
      trackingNumber: '1Z999',
      trackingCarrier: 'UPS',
      fulfilledOn: fulfilledAt.getTime(),
    });
  });

  it('lists an order placed through checkout while signed in', async () => {
    const alice = await newCustomer(site);
    const tee = await demoProduct(site, 'classic-tee');
    const cookies = { siteUserSession: alice.session };
    const add = await site.request({
      method: 'POST',
      url: '/api/commerce/shopping-cart/entries',
      payload: { itemId: tee.id, sku: 'TEE-NAV-M', quantity: 1 },
      cookies,
    });
    expect(add.statusCode).toBe(200);
    const cart = (await site.request({ method: 'GET', url: '/api/commerce/shopping-cart', cookies })).json();
    const paid = await site.request({
      method: 'POST',
      url: '/api/commerce/checkout',
      cookies,
      payload: {
        email: alice.email,
        shippingAddress,
        shippingOptionId: cart.shippingOptions[0].id,
        payment: { provider: 'test', token: 'tok_visa' },
      },
    });
    expect(paid.statusCode).toBe(200);
    const placed = paid.json().order.id;
    const history = (await list(alice.session)).json();
    expect(history.orders.map((o: { id: string }) => o.id)).toEqual([placed]);
    // A guest's order (no session) is not added to anyone's history.
    const guest = await addToCart(site, { itemId: tee.id, sku: 'TEE-NAV-M', quantity: 1 });
    expect(guest.statusCode).toBe(200);
    expect((await list(alice.session)).json().orders).toHaveLength(1);
  });

  it('serves a signed-in owner like a customer: their own (here no) orders, marked as the owner', async () => {
    const owner = await sessionOf(site, 'owner');
    const me = await asCustomer(site, owner, { method: 'GET', url: '/api/site-users/account' });
    expect(me.json()).toMatchObject({ email: DEMO_OWNER.email, isOwner: true });
    await insertOrder(null, 1);
    expect((await list(owner)).json().orders).toEqual([]);
  });

  it.each([
    ['GET', '/api/site-users/account'],
    ['GET', '/api/site-users/account/orders'],
    ['GET', '/api/site-users/account/orders/some-id'],
    ['GET', '/api/site-users/account/addresses'],
    ['POST', '/api/site-users/account/addresses'],
    ['PUT', '/api/site-users/account/addresses/some-id'],
    ['DELETE', '/api/site-users/account/addresses/some-id'],
  ] as const)('%s %s answers 401 when signed out (or with a stale session)', async (method, url) => {
    for (const cookies of [{}, { siteUserSession: 'expired-or-made-up-token' }] as Record<string, string>[]) {
      const res = await site.request({ method, url, cookies, payload: method === 'GET' ? undefined : {} });
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe('UNAUTHORIZED');
    }
  });
});
