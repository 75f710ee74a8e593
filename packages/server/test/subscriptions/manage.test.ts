import { SUBSCRIPTION_MESSAGES } from '@store/api';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  memberAreas,
  memberships,
  orders,
  subscriptionCycles,
  subscriptionEvents,
  subscriptions,
} from '../../src/db/schema/index';
import { anchorDayOf, billingInstant } from '../../src/services/subscriptions/billing-dates';
import { upcomingCharges } from '../../src/services/subscriptions/manage';
import { contributorSession } from '../contributors/contributor-helpers';
import { asCustomer, newCustomer } from '../customer-account/account-helpers';
import { shippingAddress } from '../helpers/shop';
import { type TestSite, createTestSite } from '../helpers/test-app';
import { backends } from '../helpers/test-db';
import { ownerCookies, placedOrder } from '../orders/orders-helpers';

const DAY = 86_400_000;
/** The demo site's time zone (the account API answers it as `timeZone`). */
const SITE_ZONE = 'America/New_York';

describe.each(backends)('subscriptions: what the customer and the owner do, on %s', (backend) => {
  let site: TestSite;
  let other: TestSite;
  let owner: Record<string, string>;
  beforeAll(async () => {
    site = await createTestSite(backend);
    other = await createTestSite(backend);
    owner = await ownerCookies(site);
    // Two sites on a busy machine: more than the default minute.
  }, 180_000);
  afterAll(async () => {
    await site.app.close();
    await other.app.close();
  });

  /** A monthly subscription as checkout would leave it: cycle 1 paid a few days ago. */
  async function insertSubscription(
    on: TestSite,
    siteUserId: string | null,
    extra: Partial<typeof subscriptions.$inferInsert> = {},
  ) {
    // The calendar of the site's time zone, as the service keeps it: near midnight UTC the
    // anchor's day there is not its UTC day.
    const anchorAt = new Date(Date.now() - 3 * DAY);
    const next = billingInstant(anchorAt, { unit: 'MONTH', value: 1 }, 1, SITE_ZONE);
    const [row] = await on.app.database.db
      .insert(subscriptions)
      .values({
        websiteId: on.websiteId,
        siteUserId,
        email: 'subscriber@example.com',
        kind: 'product',
        itemId: 'item-coffee',
        sku: 'COFFEE-1',
        productName: 'Coffee of the month',
        unitPriceCents: 1200,
        currency: 'USD',
        periodUnit: 'MONTH',
        periodValue: 1,
        cyclesDone: 1,
        anchorAt,
        anchorDay: anchorDayOf(anchorAt, SITE_ZONE),
        nextBillingAt: next,
        paymentProvider: 'test',
        paymentMethodRef: 'tok_visa',
        paymentMethodLabel: 'Visa ending 4242',
        testMode: true,
        ...extra,
      })
      .returning();
    if (!row) throw new Error('no subscription row');
    return row;
  }

  const account = (session: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
    asCustomer(site, session, {
      method,
      url: `/api/site-users/account/subscriptions${url}`,
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  const studio = (cookies: Record<string, string>, method: 'GET' | 'POST', url: string, payload?: unknown) =>
    site.request({
      method,
      url: `/api/commerce/subscriptions${url}`,
      cookies,
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });

  async function eventsOf(id: string) {
    return (
      await site.app.database.db
        .select()
        .from(subscriptionEvents)
        .where(eq(subscriptionEvents.subscriptionId, id))
        .orderBy(subscriptionEvents.seq)
    ).map((e) => `${e.actor}:${e.kind}`);
  }

  it('lists the customer’s own subscriptions with the price wording; pause, resume, cancel at period end', async () => {
    const alice = await newCustomer(site);
    const bob = await newCustomer(site);
    const sub = await insertSubscription(site, alice.id);
    await insertSubscription(site, bob.id);

    const list = await account(alice.session, 'GET', '');
    expect(list.statusCode).toBe(200);
    expect(list.headers['cache-control']).toBe('no-store');
    const body = list.json();
    expect(body.timeZone).toBe('America/New_York');
    expect(body.subscriptions).toHaveLength(1);
    expect(body.subscriptions[0]).toMatchObject({
      id: sub.id,
      status: 'active',
      priceText: '$12.00 every month',
      paymentMethodLabel: 'Visa ending 4242',
      nextBillingAt: sub.nextBillingAt?.getTime(),
    });

    const paused = await account(alice.session, 'POST', `/${sub.id}/pause`);
    expect(paused.statusCode, paused.body).toBe(200);
    expect(paused.json().subscription).toMatchObject({ status: 'paused', nextBillingAt: null });
    // Again: harmless, no second event.
    expect((await account(alice.session, 'POST', `/${sub.id}/pause`)).statusCode).toBe(200);
    const upcomingPaused = await account(alice.session, 'GET', `/${sub.id}/upcoming?count=3`);
    expect(upcomingPaused.json().charges).toEqual([]);

    const resumed = await account(alice.session, 'POST', `/${sub.id}/resume`);
    expect(resumed.statusCode, resumed.body).toBe(200);
    const view = resumed.json().subscription;
    expect(view.status).toBe('active');
    // The next date of its own calendar after now: still the one it had (paused for seconds).
    expect(view.nextBillingAt).toBe(sub.nextBillingAt?.getTime());

    const upcoming = (await account(alice.session, 'GET', `/${sub.id}/upcoming?count=3`)).json();
    expect(
      upcoming.charges.map((c: { cycle: number; amountCents: number }) => [c.cycle, c.amountCents]),
    ).toEqual([
      [2, 1200],
      [3, 1200],
      [4, 1200],
    ]);

    const cancelled = await account(alice.session, 'POST', `/${sub.id}/cancel`, { when: 'period_end' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().subscription).toMatchObject({
      status: 'cancelled',
      cancelAtPeriodEnd: true,
      endsAt: sub.nextBillingAt?.getTime(),
      // Kept for the renewals engine, which ends it then; nothing more is charged.
      nextBillingAt: sub.nextBillingAt?.getTime(),
    });
    expect((await account(alice.session, 'GET', `/${sub.id}/upcoming`)).json().charges).toEqual([]);
    // Pausing a cancelled one is refused with the reason's words.
    const refused = await account(alice.session, 'POST', `/${sub.id}/pause`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().reason).toBe('SUBSCRIPTION_NOT_PAUSABLE');
    // Cancelling now brings the end forward.
    const now = await account(alice.session, 'POST', `/${sub.id}/cancel`, { when: 'now' });
    expect(now.json().subscription).toMatchObject({ status: 'cancelled', cancelAtPeriodEnd: false });

    expect(await eventsOf(sub.id)).toEqual([
      'customer:paused',
      'customer:resumed',
      'customer:cancelled_at_period_end',
      'customer:cancelled',
    ]);
  });

  it('another customer’s or another site’s subscription is not found; signed out is 401; bad input 400', async () => {
    const alice = await newCustomer(site);
    const bob = await newCustomer(site);
    const bobs = await insertSubscription(site, bob.id);
    const elsewhere = await insertSubscription(other, null);
    for (const id of [bobs.id, elsewhere.id, 'nope']) {
      for (const [method, url, payload] of [
        ['POST', `/${id}/pause`, undefined],
        ['POST', `/${id}/cancel`, { when: 'now' }],
        ['GET', `/${id}/upcoming`, undefined],
        ['PUT', `/${id}/card`, { token: 'tok_visa' }],
        ['PUT', `/${id}/address`, { address: shippingAddress }],
      ] as const) {
        const res = await account(alice.session, method, url, payload);
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.json().error.message).toBe(SUBSCRIPTION_MESSAGES.notFound);
      }
      // The owner of this site does not reach another site's either.
      expect((await studio(owner, 'GET', `/${id === bobs.id ? 'nope' : id}`)).statusCode).toBe(404);
    }
    const [untouched] = await site.app.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, bobs.id));
    expect(untouched?.status).toBe('active');

    const signedOut = await site.request({
      method: 'POST',
      url: `/api/site-users/account/subscriptions/${bobs.id}/pause`,
    });
    expect(signedOut.statusCode).toBe(401);
    const mine = await insertSubscription(site, alice.id);
    expect(
      (await account(alice.session, 'POST', `/${mine.id}/cancel`, { when: 'tomorrow' })).statusCode,
    ).toBe(400);
    expect((await account(alice.session, 'PUT', `/${mine.id}/card`, { token: '' })).statusCode).toBe(400);
    expect((await account(alice.session, 'GET', `/${mine.id}/upcoming?count=500`)).statusCode).toBe(400);
    const badZip = await account(alice.session, 'PUT', `/${mine.id}/address`, {
      address: { ...shippingAddress, postalCode: 'ABCDE' },
    });
    expect(badZip.statusCode).toBe(400);
    expect(badZip.json().errors?.['address.postalCode'] ?? badZip.json().errors?.postalCode).toBeTruthy();
    const unknownCard = await account(alice.session, 'PUT', `/${mine.id}/card`, { token: 'not-a-card' });
    expect(unknownCard.statusCode).toBe(402);
    expect(unknownCard.json().reason).toBe('SUBSCRIPTION_CARD_REFUSED');
  });

  it('changes the address and the card; a past-due subscription is retried soon after the new card', async () => {
    const alice = await newCustomer(site);
    const sub = await insertSubscription(site, alice.id, {
      status: 'past_due',
      failedAttempts: 1,
      nextRetryAt: new Date(Date.now() + 3 * DAY),
    });
    const moved = await account(alice.session, 'PUT', `/${sub.id}/address`, {
      address: { ...shippingAddress, city: 'Albany' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().subscription.shippingAddress).toMatchObject({ city: 'Albany', country: 'US' });

    const card = await site.request({
      method: 'POST',
      url: '/api/commerce/payments/test/tokens',
      payload: { number: '5555555555554444', expMonth: 12, expYear: 2040, cvc: '123' },
    });
    expect(card.statusCode, card.body).toBe(201);
    const before = Date.now();
    const changed = await account(alice.session, 'PUT', `/${sub.id}/card`, { token: card.json().token });
    expect(changed.statusCode, changed.body).toBe(200);
    const view = changed.json().subscription;
    expect(view.paymentMethodLabel).toBe('Card ending 4444');
    expect(view.nextRetryAt).toBeGreaterThanOrEqual(before);
    expect(view.nextRetryAt).toBeLessThanOrEqual(Date.now() + 5 * 60_000);
    const [row] = await site.app.database.db.select().from(subscriptions).where(eq(subscriptions.id, sub.id));
    expect(row?.paymentMethodRef).toBe(card.json().token);
    expect(await eventsOf(sub.id)).toEqual(['customer:address_changed', 'customer:card_changed']);
  });

  it('a member plan’s areas close while paused, open on resume, and stay open until the period end', async () => {
    const alice = await newCustomer(site);
    const db = site.app.database.db;
    const [area] = await db
      .insert(memberAreas)
      .values({ websiteId: site.websiteId, name: 'Club', slug: `club-${Date.now()}` })
      .returning();
    const sub = await insertSubscription(site, alice.id, { kind: 'plan' });
    await db.insert(memberships).values({
      websiteId: site.websiteId,
      areaId: area?.id ?? '',
      siteUserId: alice.id,
      source: 'subscription',
      subscriptionId: sub.id,
    });
    const membership = async () =>
      (await db.select().from(memberships).where(eq(memberships.subscriptionId, sub.id)))[0];

    await account(alice.session, 'POST', `/${sub.id}/pause`);
    const paused = await membership();
    expect(paused?.status).toBe('cancelled');
    expect(paused?.endsAt?.getTime()).toBeLessThanOrEqual(Date.now());

    await account(alice.session, 'POST', `/${sub.id}/resume`);
    expect(await membership()).toMatchObject({ status: 'active', endsAt: null });

    await account(alice.session, 'POST', `/${sub.id}/cancel`, { when: 'period_end' });
    const ending = await membership();
    expect(ending?.status).toBe('cancelled');
    expect(ending?.endsAt?.getTime()).toBe(sub.nextBillingAt?.getTime());
  });

  it('resuming after months of pause bills on the next date of its calendar, not the missed ones', () => {
    const anchorAt = new Date('2026-01-31T15:00:00Z');
    const row = {
      status: 'active',
      cyclesDone: 4,
      numBillingCycles: 6,
      nextBillingAt: new Date('2026-05-31T14:00:00Z'),
      anchorAt,
      anchorDay: 31,
      periodUnit: 'MONTH',
      periodValue: 1,
      unitPriceCents: 500,
      quantity: 2,
    } as unknown as typeof subscriptions.$inferSelect;
    // A fixed term of 6: cycles 5 and 6 are left; June has no 31st.
    expect(
      upcomingCharges(row, 5, 'America/New_York').map((c) => [
        c.cycle,
        new Date(c.dueAt).toISOString(),
        c.amountCents,
      ]),
    ).toEqual([
      [5, '2026-05-31T14:00:00.000Z', 1000],
      [6, '2026-06-30T14:00:00.000Z', 1000],
    ]);
  });

  it('the owner lists, filters, searches, reads cycles and events, pauses, cancels and refunds a renewal once', async () => {
    const alice = await newCustomer(site);
    const first = await placedOrder(site, { email: alice.email });
    const renewal = await placedOrder(site, { email: alice.email });
    const sub = await insertSubscription(site, alice.id, {
      email: alice.email,
      firstOrderId: first.id,
      cyclesDone: 2,
    });
    await site.app.database.db.insert(subscriptionCycles).values([
      {
        websiteId: site.websiteId,
        subscriptionId: sub.id,
        cycle: 1,
        dueAt: sub.anchorAt,
        state: 'paid',
        amountCents: 1200,
        orderId: first.id,
      },
      {
        websiteId: site.websiteId,
        subscriptionId: sub.id,
        cycle: 2,
        dueAt: new Date(),
        state: 'paid',
        amountCents: 1200,
        orderId: renewal.id,
      },
    ]);

    const list = await studio(owner, 'GET', `?q=${encodeURIComponent(alice.email.slice(0, 12))}`);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().subscriptions.map((s: { id: string }) => s.id)).toEqual([sub.id]);
    expect(
      (await studio(owner, 'GET', `?status=paused&q=${encodeURIComponent(alice.email)}`)).json()
        .subscriptions,
    ).toEqual([]);
    expect((await studio(owner, 'GET', '?status=nonsense')).statusCode).toBe(400);
    expect((await studio(owner, 'GET', '?cursor=garbage')).statusCode).toBe(400);

    const detail = (await studio(owner, 'GET', `/${sub.id}`)).json();
    expect(
      detail.cycles.map((c: { cycle: number; orderNumber: number }) => [c.cycle, c.orderNumber]),
    ).toEqual([
      [1, first.order.orderNumber],
      [2, renewal.order.orderNumber],
    ]);
    expect(detail.upcoming).toHaveLength(3);

    const paused = await studio(owner, 'POST', `/${sub.id}/pause`);
    expect(paused.statusCode, paused.body).toBe(200);
    expect(paused.json().subscription.status).toBe('paused');
    expect(paused.json().events.map((e: { kind: string; actor: string }) => `${e.actor}:${e.kind}`)).toEqual([
      'owner:paused',
    ]);

    const refund = () => studio(owner, 'POST', `/${sub.id}/cycles/2/refund`);
    const refunded = await refund();
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json().cycles[1]).toMatchObject({ cycle: 2, state: 'refunded', orderStatus: 'REFUNDED' });
    const again = await refund();
    expect(again.statusCode, again.body).toBe(200);
    const [order] = await site.app.database.db.select().from(orders).where(eq(orders.id, renewal.id));
    expect(order?.status).toBe('REFUNDED');
    expect(order?.refundedCents).toBe(order?.grandTotalCents);
    expect(await eventsOf(sub.id)).toEqual(['owner:paused', 'owner:renewal_refunded']);
    expect((await studio(owner, 'POST', `/${sub.id}/cycles/9/refund`)).statusCode).toBe(404);

    const cancelled = await studio(owner, 'POST', `/${sub.id}/cancel`, { when: 'now' });
    expect(cancelled.json().subscription.status).toBe('cancelled');
    // The first order (cycle 1) was never touched.
    const [firstOrder] = await site.app.database.db
      .select()
      .from(orders)
      .where(and(eq(orders.id, first.id), eq(orders.websiteId, site.websiteId)));
    expect(firstOrder?.status).toBe('PAID');
  });

  it('roles: a store manager changes, an order reader only reads, a designer is refused, a customer too', async () => {
    const sub = await insertSubscription(site, null);
    const manager = await contributorSession(backend, site, 8);
    const reader = await contributorSession(backend, site, 2);
    const designer = await contributorSession(backend, site, 4);
    const as = (cookie: string) => ({ siteUserSession: cookie });
    expect((await studio(as(manager.cookie), 'POST', `/${sub.id}/pause`)).statusCode).toBe(200);
    expect((await studio(as(reader.cookie), 'GET', `/${sub.id}`)).statusCode).toBe(200);
    expect((await studio(as(reader.cookie), 'GET', '')).statusCode).toBe(200);
    expect((await studio(as(reader.cookie), 'POST', `/${sub.id}/resume`)).statusCode).toBe(403);
    expect((await studio(as(designer.cookie), 'GET', '')).statusCode).toBe(403);
    const customer = await newCustomer(site);
    expect((await studio(as(customer.session), 'GET', '')).statusCode).toBe(403);
    expect((await site.request({ method: 'GET', url: '/api/commerce/subscriptions' })).statusCode).toBe(401);
  });
});
