import { and, asc, eq, like, ne } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  emailOutbox,
  orderItems,
  orders,
  products,
  subscriptionCycles,
  subscriptions,
  testModeCharges,
  variants,
  websites,
} from '../../src/db/schema/index';
import { RETRY_DELAYS_DAYS, runDueRenewals } from '../../src/services/subscriptions/renewals';
import { present } from '../helpers/present';
import { addToCart, cartTokenFrom, type DemoProductRef, demoProduct, shippingAddress } from '../helpers/shop';
import { createTestSite, type TestSite } from '../helpers/test-app';
import { backends } from '../helpers/test-db';

const DAY = 86_400_000;

describe.each(backends)('subscription renewals on %s', (backend) => {
  let site: TestSite;
  let coffee: DemoProductRef;
  beforeAll(async () => {
    // The timer stays off: each test runs the renewals itself, at the time it chooses.
    site = await createTestSite(backend, { appOptions: { renewals: { everyMs: 0 } } });
    coffee = await demoProduct(site, 'coffee-subscription');
  });
  afterAll(() => site.app.close());

  const db = () => site.app.database.db;
  const renew = (now: Date) => runDueRenewals(site.app, now, { websiteId: site.websiteId });

  /** Buy the coffee subscription at checkout with `token`; answers the new subscription. */
  async function subscribe(email: string, token = 'tok_visa', quantity = 1) {
    const added = await addToCart(site, { itemId: coffee.id, sku: 'COFFEE-SUB', quantity });
    expect(added.statusCode).toBe(200);
    const cookies = { CART: present(cartTokenFrom(added), 'cart token') };
    const cart = (await site.request({ method: 'GET', url: '/api/commerce/shopping-cart', cookies })).json();
    const res = await site.request({
      method: 'POST',
      url: '/api/commerce/checkout',
      cookies,
      payload: {
        email,
        shippingAddress,
        shippingOptionId: cart.shippingOptions[0].id,
        payment: { provider: 'test', token },
      },
    });
    expect(res.statusCode).toBe(200);
    const orderId: string = res.json().order.id;
    const [sub] = await db().select().from(subscriptions).where(eq(subscriptions.firstOrderId, orderId));
    // Earlier tests' subscriptions on this site are paused, so each run's counts are this one's.
    await db()
      .update(subscriptions)
      .set({ status: 'paused' })
      .where(and(eq(subscriptions.websiteId, site.websiteId), ne(subscriptions.firstOrderId, orderId)));
    return { sub: present(sub, 'subscription'), orderId };
  }

  const subscription = async (id: string) =>
    present((await db().select().from(subscriptions).where(eq(subscriptions.id, id)))[0], 'subscription');
  const cyclesOf = (id: string) =>
    db()
      .select()
      .from(subscriptionCycles)
      .where(eq(subscriptionCycles.subscriptionId, id))
      .orderBy(asc(subscriptionCycles.cycle));
  const chargesOf = (id: string) =>
    db()
      .select()
      .from(testModeCharges)
      .where(like(testModeCharges.idempotencyKey, `renewal:${id}:%`));
  const mailsTo = (email: string) =>
    db()
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.websiteId, site.websiteId), eq(emailOutbox.toAddress, email)));

  it('a paid order with a subscribable line starts its subscription, cycle 1 paid, the card kept', async () => {
    const { sub, orderId } = await subscribe('first@example.com');
    expect(sub).toMatchObject({
      kind: 'product',
      status: 'active',
      cyclesDone: 1,
      unitPriceCents: 1600,
      periodUnit: 'MONTH',
      periodValue: 1,
      paymentProvider: 'test',
      paymentMethodRef: 'tok_visa',
      paymentMethodLabel: 'Visa ending 4242',
      shippingAddress: expect.objectContaining({ city: 'Hudson' }),
    });
    const [site_] = await db().select().from(websites).where(eq(websites.id, site.websiteId));
    const zone = present(site_, 'site').timeZone;
    const anchor = DateTime.fromJSDate(sub.anchorAt, { zone });
    expect(DateTime.fromJSDate(present(sub.nextBillingAt, 'next'), { zone }).toISO()).toBe(
      anchor.plus({ months: 1 }).toISO(),
    );
    expect(await cyclesOf(sub.id)).toMatchObject([{ cycle: 1, state: 'paid', orderId }]);
  });

  it('renews once when due: a new paid order with the same line, receipt mailed, next date a month on', async () => {
    const { sub } = await subscribe('renew@example.com', 'tok_visa', 2);
    const due = present(sub.nextBillingAt, 'next billing');
    // Not due yet: nothing happens.
    expect((await renew(new Date(due.getTime() - 60_000))).paid).toBe(0);
    const run = await renew(new Date(due.getTime() + 60_000));
    expect(run.paid).toBe(1);
    // Run again at the same moment (or later the same day): nothing more.
    expect((await renew(new Date(due.getTime() + 120_000))).paid).toBe(0);
    const after = await subscription(sub.id);
    expect(after).toMatchObject({ status: 'active', cyclesDone: 2, failedAttempts: 0 });
    expect(present(after.nextBillingAt, 'next').getTime()).toBeGreaterThan(due.getTime() + 27 * DAY);
    const cycles = await cyclesOf(sub.id);
    expect(cycles.map((c) => [c.cycle, c.state, c.amountCents])).toEqual([
      [1, 'paid', 3200],
      [2, 'paid', 3200],
    ]);
    const renewal = present(
      (
        await db()
          .select()
          .from(orders)
          .where(eq(orders.id, present(cycles[1]?.orderId, 'order')))
      )[0],
      'order',
    );
    expect(renewal).toMatchObject({ status: 'PAID', grandTotalCents: 3200, email: 'renew@example.com' });
    expect(renewal.shippingAddress).toMatchObject({ city: 'Hudson' });
    const items = await db().select().from(orderItems).where(eq(orderItems.orderId, renewal.id));
    expect(items).toMatchObject([{ sku: 'COFFEE-SUB', quantity: 2, unitPriceCents: 1600 }]);
    expect(await chargesOf(sub.id)).toMatchObject([{ state: 'captured', amountCents: 3200 }]);
    const receipts = (await mailsTo('renew@example.com')).filter((m) => m.kind === 'order-receipt');
    expect(receipts).toHaveLength(2);
  });

  it('a declined renewal is retried on the dunning schedule with a mail each time, then recovers with a new card', async () => {
    const { sub } = await subscribe('dunning@example.com', 'tok_chargeCustomerFail');
    expect(sub.paymentMethodLabel).toBe('Visa ending 0341');
    const due = present(sub.nextBillingAt, 'next billing');
    let now = new Date(due.getTime() + 1000);
    expect((await renew(now)).failed).toBe(1);
    let after = await subscription(sub.id);
    expect(after).toMatchObject({ status: 'past_due', failedAttempts: 1, cyclesDone: 1 });
    expect(present(after.nextRetryAt, 'retry').getTime()).toBe(now.getTime() + RETRY_DELAYS_DAYS[0] * DAY);
    let mails = (await mailsTo('dunning@example.com')).filter(
      (m) => m.kind === 'subscription-payment-failed',
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]?.textBody).toContain('/account');
    // Before the retry is due nothing happens.
    expect((await renew(new Date(now.getTime() + DAY / 2))).looked).toBe(0);
    now = present(after.nextRetryAt, 'retry');
    expect((await renew(now)).failed).toBe(1);
    after = await subscription(sub.id);
    expect(after).toMatchObject({ status: 'past_due', failedAttempts: 2 });
    mails = (await mailsTo('dunning@example.com')).filter((m) => m.kind === 'subscription-payment-failed');
    expect(mails).toHaveLength(2);
    // The customer changes the card: the next retry charges it, and the subscription recovers.
    await db()
      .update(subscriptions)
      .set({
        paymentMethodRef: 'tok_visa',
        paymentMethodLabel: 'Visa ending 4242',
        nextRetryAt: new Date(now.getTime() + 60_000),
      })
      .where(eq(subscriptions.id, sub.id));
    expect((await renew(new Date(now.getTime() + 61_000))).paid).toBe(1);
    after = await subscription(sub.id);
    expect(after).toMatchObject({ status: 'active', failedAttempts: 0, cyclesDone: 2, nextRetryAt: null });
    const cycles = await cyclesOf(sub.id);
    expect(cycles.map((c) => [c.cycle, c.state, c.attempts])).toEqual([
      [1, 'paid', 1],
      [2, 'paid', 3],
    ]);
    // One charge per attempt, each under its own key; only the last took money.
    const charges = await chargesOf(sub.id);
    expect(charges.map((c) => c.state).sort()).toEqual(['captured', 'failed', 'failed']);
  });

  it('after the last retry fails the subscription ends, with a mail saying so', async () => {
    const { sub } = await subscribe('ends@example.com', 'tok_chargeCustomerFail');
    let now = new Date(present(sub.nextBillingAt, 'next').getTime() + 1000);
    for (let i = 0; i <= RETRY_DELAYS_DAYS.length; i++) {
      const run = await renew(now);
      expect(run.failed + run.ended).toBe(1);
      const current = await subscription(sub.id);
      if (i < RETRY_DELAYS_DAYS.length) now = present(current.nextRetryAt, 'retry');
    }
    expect(await subscription(sub.id)).toMatchObject({
      status: 'ended',
      nextBillingAt: null,
      nextRetryAt: null,
    });
    const mails = await mailsTo('ends@example.com');
    expect(mails.filter((m) => m.kind === 'subscription-payment-failed')).toHaveLength(
      RETRY_DELAYS_DAYS.length,
    );
    expect(mails.filter((m) => m.kind === 'subscription-cancelled')).toHaveLength(1);
    expect((await renew(new Date(now.getTime() + 90 * DAY))).looked).toBe(0);
  });

  it('a fixed term ends after its cycles', async () => {
    await db()
      .update(products)
      .set({ subscriptionPlan: { billingPeriod: { value: 1, unit: 'WEEK' }, numBillingCycles: 3 } })
      .where(eq(products.itemId, coffee.id));
    try {
      const { sub } = await subscribe('term@example.com');
      expect(sub).toMatchObject({ numBillingCycles: 3, periodUnit: 'WEEK' });
      let now = present(sub.nextBillingAt, 'next');
      for (let i = 0; i < 2; i++) {
        expect((await renew(now)).paid).toBe(1);
        const current = await subscription(sub.id);
        if (current.nextBillingAt) now = current.nextBillingAt;
      }
      const done = await subscription(sub.id);
      expect(done).toMatchObject({ status: 'ended', cyclesDone: 3, nextBillingAt: null });
      expect((await renew(new Date(now.getTime() + 30 * DAY))).paid).toBe(0);
      expect(await cyclesOf(sub.id)).toHaveLength(3);
    } finally {
      await db()
        .update(products)
        .set({ subscriptionPlan: { billingPeriod: { value: 1, unit: 'MONTH' }, numBillingCycles: 0 } })
        .where(eq(products.itemId, coffee.id));
    }
  });

  it('out of stock: nothing is charged, the renewal waits (stock never below zero) and goes through once restocked', async () => {
    const { sub } = await subscribe('stock@example.com');
    const variantId = present(coffee.variants[0], 'variant').id;
    await db().update(variants).set({ unlimited: false, qtyInStock: 0 }).where(eq(variants.id, variantId));
    try {
      const due = present(sub.nextBillingAt, 'next');
      const run = await renew(new Date(due.getTime() + 1000));
      expect(run).toMatchObject({ paid: 0, failed: 0, waiting: 1 });
      expect(await chargesOf(sub.id)).toHaveLength(0);
      let current = await subscription(sub.id);
      expect(current).toMatchObject({ status: 'active', cyclesDone: 1 });
      const [v] = await db().select().from(variants).where(eq(variants.id, variantId));
      expect(v?.qtyInStock).toBe(0);
      // Within the day it is not looked at again; restocked, the next look renews it.
      expect((await renew(new Date(due.getTime() + DAY / 2))).looked).toBe(0);
      await db().update(variants).set({ qtyInStock: 1 }).where(eq(variants.id, variantId));
      expect((await renew(new Date(due.getTime() + DAY + 2000))).paid).toBe(1);
      current = await subscription(sub.id);
      expect(current).toMatchObject({ status: 'active', cyclesDone: 2 });
      const [after] = await db().select().from(variants).where(eq(variants.id, variantId));
      expect(after?.qtyInStock).toBe(0);
      expect(await chargesOf(sub.id)).toHaveLength(1);
    } finally {
      await db().update(variants).set({ unlimited: true }).where(eq(variants.id, variantId));
    }
  });
});
