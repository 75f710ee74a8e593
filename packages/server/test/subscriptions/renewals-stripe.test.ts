import { randomUUID } from 'node:crypto';
import { and, asc, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptionCycles, subscriptions } from '../../src/db/schema/index';
import type { ChargeRequest } from '../../src/services/payments/payment-provider';
import { createStripeProvider, stripeApiBase } from '../../src/services/payments/stripe-provider';
import { STRIPE_MESSAGES } from '../../src/services/payments/stripe-states';
import { runDueRenewals } from '../../src/services/subscriptions/renewals';
import { present } from '../helpers/present';
import { addToCart, cartTokenFrom, type DemoProductRef, demoProduct, shippingAddress } from '../helpers/shop';
import { createTestSite, type TestSite } from '../helpers/test-app';
import { backends } from '../helpers/test-db';
import { type FakeStripe, startFakeStripe } from '../support/fake-stripe';

const KEYS = { secretKey: 'sk_test_juniper_renewals', publishableKey: 'pk_test_juniper_renewals' };

describe('Stripe keeps cards for renewals (local Stripe-compatible server)', () => {
  let fake: FakeStripe;
  beforeAll(async () => {
    fake = await startFakeStripe();
  });
  afterAll(() => fake.close());

  const provider = () => createStripeProvider({ ...KEYS, api: stripeApiBase(fake.url) });
  const request = (token: string): ChargeRequest => {
    const id = randomUUID();
    return {
      amountCents: 1600,
      currency: 'USD',
      token,
      idempotencyKey: `checkout:${id}`,
      capture: 'automatic',
      metadata: { reservationId: id, websiteId: 'site-renewals' },
      saveForLater: { email: 'saver@example.com' },
    };
  };

  it('a charge with saveForLater makes a Customer, sets the card up off-session and names it', async () => {
    const stripe = provider();
    const req = request('pm_card_visa');
    const paid = await stripe.charge(req);
    expect(paid).toMatchObject({
      state: 'captured',
      saved: {
        customerRef: expect.stringMatching(/^cus_/),
        methodRef: 'pm_card_visa',
        label: 'Visa ending 4242',
      },
    });
    if (paid.state !== 'captured' || !paid.saved) throw new Error('not saved');
    const intent = fake.paymentIntents.get(paid.reference)?.intent;
    expect(intent).toMatchObject({ customer: paid.saved.customerRef, setup_future_usage: 'off_session' });
    expect(fake.customers.get(present(paid.saved.customerRef, 'customer'))?.email).toBe('saver@example.com');
    // Retried, the same key makes no second Customer; a lookup finds the kept card too.
    await stripe.charge(req);
    expect(fake.customers.size).toBe(1);
    expect(await stripe.lookup(req)).toMatchObject({
      state: 'captured',
      saved: { methodRef: 'pm_card_visa' },
    });

    const renewal = {
      customerRef: paid.saved.customerRef,
      methodRef: paid.saved.methodRef,
      amountCents: 1600,
      currency: 'USD',
      idempotencyKey: `renewal:${randomUUID()}:2:1`,
      metadata: { subscription_id: 'sub-1', cycle: '2' },
    };
    const first = await stripe.chargeSaved?.(renewal);
    expect(first).toMatchObject({ state: 'captured', reference: expect.stringMatching(/^pi_/) });
    // The same key again (a crash's recovery) answers the same PaymentIntent: no second charge.
    const again = await stripe.chargeSaved?.(renewal);
    expect(again).toEqual(first);
    const charged = [...fake.paymentIntents.values()].filter(
      (p) => p.intent.metadata.subscription_id === 'sub-1',
    );
    expect(charged).toHaveLength(1);
    expect(charged[0]?.intent).toMatchObject({
      status: 'succeeded',
      amount: 1600,
      customer: paid.saved.customerRef,
    });
  });

  it('a card that declines off-session, and one that needs its holder, fail as values', async () => {
    const stripe = provider();
    const later = await stripe.charge(request('pm_card_chargeCustomerFail'));
    if (later.state !== 'captured' || !later.saved) throw new Error('the first charge should pass');
    expect(
      await stripe.chargeSaved?.({
        customerRef: later.saved.customerRef,
        methodRef: later.saved.methodRef,
        amountCents: 1600,
        currency: 'USD',
        idempotencyKey: `renewal:${randomUUID()}:2:1`,
        metadata: {},
      }),
    ).toMatchObject({ state: 'failed', message: 'Your card was declined.' });

    // 3-D Secure passed with the buyer at checkout; off-session the bank asks again.
    const req = request('pm_card_threeDSecure2Required');
    const action = await stripe.charge(req);
    if (action.state !== 'action') throw new Error('expected 3-D Secure');
    fake.completeAction(action.reference, true);
    const done = await stripe.lookup(req, action.reference);
    if (done.state !== 'captured' || !done.saved) throw new Error('expected a kept card');
    expect(
      await stripe.chargeSaved?.({
        customerRef: done.saved.customerRef,
        methodRef: done.saved.methodRef,
        amountCents: 1600,
        currency: 'USD',
        idempotencyKey: `renewal:${randomUUID()}:2:1`,
        metadata: {},
      }),
    ).toMatchObject({ state: 'failed', message: STRIPE_MESSAGES.authenticationRequired });

    // A card never kept for this customer is refused, nothing charged.
    expect(
      await stripe.chargeSaved?.({
        customerRef: done.saved.customerRef,
        methodRef: 'pm_card_visa',
        amountCents: 1600,
        currency: 'USD',
        idempotencyKey: `renewal:${randomUUID()}:2:1`,
        metadata: {},
      }),
    ).toMatchObject({ state: 'failed' });
  });
});

describe.each(backends)(
  'a Stripe subscription renews through checkout and the scheduler on %s',
  (backend) => {
    let fake: FakeStripe;
    let site: TestSite;
    let coffee: DemoProductRef;
    beforeAll(async () => {
      fake = await startFakeStripe();
      const payments = createStripeProvider({ ...KEYS, api: stripeApiBase(fake.url) });
      site = await createTestSite(backend, { appOptions: { payments, renewals: { everyMs: 0 } } });
      coffee = await demoProduct(site, 'coffee-subscription');
    });
    afterAll(async () => {
      await site.app.close();
      await fake.close();
    });

    it('checkout keeps the card; the renewal charges it off-session once; a decline later starts dunning', async () => {
      const db = site.app.database.db;
      const added = await addToCart(site, { itemId: coffee.id, sku: 'COFFEE-SUB', quantity: 1 });
      const cookies = { CART: present(cartTokenFrom(added), 'cart') };
      const cart = (
        await site.request({ method: 'GET', url: '/api/commerce/shopping-cart', cookies })
      ).json();
      const res = await site.request({
        method: 'POST',
        url: '/api/commerce/checkout',
        cookies,
        payload: {
          email: 'stripe-sub@example.com',
          shippingAddress,
          shippingOptionId: cart.shippingOptions[0].id,
          payment: { provider: 'stripe', token: 'pm_card_visa' },
        },
      });
      expect(res.statusCode).toBe(200);
      const orderId = res.json().order.id;
      const sub = present(
        (await db.select().from(subscriptions).where(eq(subscriptions.firstOrderId, orderId)))[0],
        'subscription',
      );
      await db
        .update(subscriptions)
        .set({ status: 'paused' })
        .where(and(eq(subscriptions.websiteId, site.websiteId), ne(subscriptions.id, sub.id)));
      expect(sub).toMatchObject({
        paymentProvider: 'stripe',
        paymentCustomerRef: expect.stringMatching(/^cus_/),
        paymentMethodRef: 'pm_card_visa',
        paymentMethodLabel: 'Visa ending 4242',
      });
      const due = present(sub.nextBillingAt, 'next');
      const run = await runDueRenewals(site.app, new Date(due.getTime() + 1000), {
        websiteId: site.websiteId,
      });
      expect(run.paid).toBe(1);
      const renewals = [...fake.paymentIntents.values()].filter(
        (p) => p.intent.metadata.subscription_id === sub.id,
      );
      expect(renewals.map((p) => [p.intent.status, p.intent.amount])).toEqual([['succeeded', 1600]]);

      // The card is replaced by one that declines off-session: the next cycle fails, past due.
      await db
        .update(subscriptions)
        .set({ paymentMethodRef: 'pm_card_chargeDeclined' })
        .where(eq(subscriptions.id, sub.id));
      const next = present(
        (await db.select().from(subscriptions).where(eq(subscriptions.id, sub.id)))[0]?.nextBillingAt,
        'next',
      );
      const failed = await runDueRenewals(site.app, new Date(next.getTime() + 1000), {
        websiteId: site.websiteId,
      });
      expect(failed.failed).toBe(1);
      const after = present(
        (await db.select().from(subscriptions).where(eq(subscriptions.id, sub.id)))[0],
        'sub',
      );
      expect(after).toMatchObject({ status: 'past_due', failedAttempts: 1, cyclesDone: 2 });
      const cycles = await db
        .select()
        .from(subscriptionCycles)
        .where(eq(subscriptionCycles.subscriptionId, sub.id))
        .orderBy(asc(subscriptionCycles.cycle));
      expect(cycles.map((c) => [c.cycle, c.state])).toEqual([
        [1, 'paid'],
        [2, 'paid'],
        [3, 'failed'],
      ]);

      // The customer gives a new card: it is attached to their Customer, and the retry charges it.
      const stripe = createStripeProvider({ ...KEYS, api: stripeApiBase(fake.url) });
      const saved = await stripe.saveMethod?.({
        token: 'pm_card_mastercard',
        customerRef: after.paymentCustomerRef,
        email: after.email,
        websiteId: site.websiteId,
      });
      expect(saved).toMatchObject({
        ok: true,
        customerRef: after.paymentCustomerRef,
        methodRef: 'pm_card_mastercard',
        label: 'Mastercard ending 4444',
      });
      await db
        .update(subscriptions)
        .set({ paymentMethodRef: 'pm_card_mastercard' })
        .where(eq(subscriptions.id, sub.id));
      const retryAt = present(after.nextRetryAt, 'retry');
      expect((await runDueRenewals(site.app, retryAt, { websiteId: site.websiteId })).paid).toBe(1);
      const recovered = (await db.select().from(subscriptions).where(eq(subscriptions.id, sub.id)))[0];
      expect(recovered).toMatchObject({ status: 'active', cyclesDone: 3, failedAttempts: 0 });
    });
  },
);
