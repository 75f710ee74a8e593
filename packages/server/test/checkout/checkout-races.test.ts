import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutReservations, variants } from '../../src/db/schema/index';
import { SLOW_PAYMENT_MESSAGE } from '../../src/services/checkout/payment-outcome';
import { present } from '../helpers/present';
import { addToCart, cartTokenFrom, demoProduct, shippingAddress } from '../helpers/shop';
import { createTestSite, type TestSite } from '../helpers/test-app';
import { backends } from '../helpers/test-db';
import { ownerCookies } from '../orders/orders-helpers';
import { type FakeIntent, type FakeStripe, startFakeStripe } from '../support/fake-stripe';
import { brokenRules, checkoutRecord, stockOf, until } from './crash-harness';

/** A cart holding `quantity` of `sku`, and the checkout body for it. */
async function cartFor(site: TestSite, slug: string, sku: string, quantity = 1, token = 'tok_visa') {
  const product = await demoProduct(site, slug);
  const added = await addToCart(site, { itemId: product.id, sku, quantity });
  expect(added.statusCode, added.body).toBe(200);
  const cookies = { CART: present(cartTokenFrom(added), 'a cart token') };
  const cart = (await site.request({ method: 'GET', url: '/api/commerce/shopping-cart', cookies })).json();
  const body = {
    email: 'race@example.com',
    shippingAddress,
    shippingOptionId: cart.shippingOptions[0].id,
    payment: { token },
  };
  return { cookies, body };
}

function checkout(site: TestSite, cart: { cookies: Record<string, string>; body: object }) {
  return site.request({
    method: 'POST',
    url: '/api/commerce/checkout',
    cookies: cart.cookies,
    payload: cart.body as Record<string, unknown>,
  });
}

const record = (site: TestSite) => checkoutRecord(site.app.database.db, site.websiteId);

describe.each(backends)('checkout races on %s', (backend) => {
  it('100 concurrent checkouts for 10 units: 10 orders, 10 charges, stock 0 and never below, 90 refused before any reservation', {
    timeout: 120_000,
  }, async () => {
    const site = await createTestSite(backend, { appOptions: { cartWritesPer10s: false } });
    try {
      const db = site.app.database.db;
      const where = and(eq(variants.websiteId, site.websiteId), eq(variants.sku, 'NOTE-1'));
      await db.update(variants).set({ qtyInStock: 10 }).where(where);
      const carts = [];
      for (let i = 0; i < 100; i++) carts.push(await cartFor(site, 'field-notebook', 'NOTE-1'));

      // Watch the stock while the checkouts run: it must never go below zero.
      let running = true;
      const seen: number[] = [];
      const watcher = (async () => {
        while (running) {
          seen.push(await stockOf(db, site.websiteId, 'NOTE-1'));
          await new Promise((r) => setTimeout(r, 5));
        }
      })();
      const answers = await Promise.all(carts.map((cart) => checkout(site, cart)));
      running = false;
      await watcher;

      const placed = answers.filter((r) => r.statusCode === 200);
      const refused = answers.filter((r) => r.statusCode !== 200);
      expect(placed).toHaveLength(10);
      expect(refused.map((r) => [r.statusCode, r.json().reason])).toEqual(
        Array.from({ length: 90 }, () => [409, 'VARIANT_OUT_OF_STOCK']),
      );
      expect(Math.min(...seen)).toBeGreaterThanOrEqual(0);
      expect(await stockOf(db, site.websiteId, 'NOTE-1')).toBe(0);

      const after = await record(site);
      expect(brokenRules(after)).toEqual([]);
      expect(after.orders).toHaveLength(10);
      expect(after.charges.filter((c) => c.state === 'captured')).toHaveLength(10);
      expect(after.charges).toHaveLength(10);
      // A refused checkout took nothing: its reservation was never written (or was released).
      expect(after.reservations.filter((r) => r.state !== 'RELEASED').map((r) => r.state)).toEqual(
        Array.from({ length: 10 }, () => 'CONFIRMED'),
      );
    } finally {
      await site.app.close();
    }
  });

  it('the same cart paid twice at once (no Idempotency-Key): charged once, one order, the other a clear 4xx', async () => {
    const site = await createTestSite(backend);
    try {
      const cart = await cartFor(site, 'classic-tee', 'TEE-NAV-M', 2);
      const before = await stockOf(site.app.database.db, site.websiteId, 'TEE-NAV-M');
      const answers = await Promise.all([checkout(site, cart), checkout(site, cart)]);
      const statuses = answers.map((r) => r.statusCode).sort();
      expect(statuses[0]).toBe(200);
      const other = present(
        answers.find((r) => r.statusCode !== 200),
        'the second answer',
      );
      // The first closed the cart as it reserved: the second finds nothing left to buy.
      expect(other.statusCode).toBe(400);
      expect(other.json()).toMatchObject({
        reason: 'CART_EMPTY',
        error: { message: 'You have nothing in your shopping cart.' },
      });

      const after = await record(site);
      expect(brokenRules(after)).toEqual([]);
      expect(after.charges).toHaveLength(1);
      expect(after.orders).toHaveLength(1);
      expect(await stockOf(site.app.database.db, site.websiteId, 'TEE-NAV-M')).toBe(before - 2);
    } finally {
      await site.app.close();
    }
  });
});

const KEYS = {
  publishableKey: 'pk_test_51JuniperRacesPublishable',
  secretKey: 'sk_test_51JuniperRacesSecretKey12345',
  webhookSecret: 'whsec_JuniperRacesWebhookSecret9999',
};

describe.each(backends)('checkout through Stripe (local Stripe-compatible server) on %s', (backend) => {
  let fake: FakeStripe;
  let site: TestSite;
  let expiring: TestSite;
  const WEBHOOK = '/api/commerce/payments/stripe/webhook';

  async function connectStripe(shop: TestSite) {
    const res = await shop.request({
      method: 'PUT',
      url: '/api/owner/store/payments',
      cookies: await ownerCookies(shop),
      payload: { provider: 'stripe', captureMode: 'automatic', ...KEYS },
    });
    expect(res.statusCode, res.body).toBe(200);
  }

  beforeAll(async () => {
    fake = await startFakeStripe();
    const config = { secretsKey: randomBytes(32), stripeApiBase: fake.url };
    site = await createTestSite(backend, { config });
    // Reservations here hold their stock 2 s; the sweep runs every 300 ms.
    expiring = await createTestSite(backend, {
      config,
      appOptions: { checkout: { reservationSeconds: 2, sweepEveryMs: 300 } },
    });
    await connectStripe(site);
    await connectStripe(expiring);
  });
  afterAll(async () => {
    await site?.app.close();
    await expiring?.app.close();
    await fake?.close();
  });

  const reservationOf = async (shop: TestSite, id: string) => {
    const [row] = await shop.app.database.db
      .select()
      .from(checkoutReservations)
      .where(eq(checkoutReservations.id, id));
    return present(row, `reservation ${id}`);
  };
  const deliver = (event: unknown): Promise<LightMyRequestResponse> => {
    const { payload, signature } = fake.signWebhook(event, KEYS.webhookSecret);
    return site.request({
      method: 'POST',
      url: WEBHOOK,
      crumb: false,
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload,
    });
  };

  it('3-D Secure: 202 action; the buyer’s return and webhooks delivered 3 times and out of order make one order and one receipt', async () => {
    const cart = await cartFor(site, 'classic-tee', 'TEE-NAV-S', 1, 'pm_card_threeDSecure2Required');
    const before = await stockOf(site.app.database.db, site.websiteId, 'TEE-NAV-S');
    const res = await checkout(site, cart);
    expect(res.statusCode, res.body).toBe(202);
    const payment = res.json().payment;
    expect(payment).toMatchObject({ status: 'action', reservationId: expect.any(String) });
    expect(payment.clientSecret).toMatch(/^pi_\w+_secret_/);
    const reservation = await reservationOf(site, payment.reservationId);
    expect(reservation.state).toBe('ACTION');
    expect(await stockOf(site.app.database.db, site.websiteId, 'TEE-NAV-S')).toBe(before - 1);
    const piId = present(reservation.paymentReference, 'the PaymentIntent id');

    // Events as Stripe sends them, but late and in the wrong order: the buyer had already
    // finished 3-D Secure when requires_action and processing arrived.
    const waiting: FakeIntent = structuredClone(present(fake.paymentIntents.get(piId), 'the intent').intent);
    const succeeded = fake.completeAction(piId, true);
    const events = {
      succeeded: fake.webhookEvent('payment_intent.succeeded', succeeded),
      action: fake.webhookEvent('payment_intent.requires_action', waiting),
      processing: fake.webhookEvent('payment_intent.processing', { ...waiting, status: 'processing' }),
      charge: fake.webhookEvent('charge.succeeded', succeeded),
    };
    const complete = () =>
      site.request({
        method: 'POST',
        url: `/api/commerce/checkout/payments/${payment.reservationId}/complete`,
        cookies: cart.cookies,
      });
    const answers = await Promise.all([
      deliver(events.succeeded),
      complete(),
      deliver(events.action),
      deliver(events.succeeded),
      deliver(events.processing),
      deliver(events.charge),
      deliver(events.succeeded),
    ]);
    const [, completed, ...hooks] = answers;
    for (const hook of [answers[0], ...hooks]) {
      expect(hook?.statusCode, hook?.body).toBe(200);
      expect(hook?.json()).toEqual({ received: true });
    }
    expect(completed?.statusCode, completed?.body).toBe(200);
    const order = completed?.json().order;
    expect(order).toMatchObject({ status: 'PAID' });

    const after = await record(site);
    const mine = after.orders.filter((o) => o.paymentReference === piId);
    expect(mine.map((o) => o.id)).toEqual([order.id]);
    expect(after.receipts.filter((m) => m.subject.includes(`#${mine[0]?.orderNumber} `))).toHaveLength(1);
    expect(await reservationOf(site, payment.reservationId)).toMatchObject({
      state: 'CONFIRMED',
      orderId: order.id,
    });
    const intent = present(fake.paymentIntents.get(piId), 'the intent');
    expect(intent.intent.status).toBe('succeeded');
    expect(intent.confirms).toBe(1);
    expect(await stockOf(site.app.database.db, site.websiteId, 'TEE-NAV-S')).toBe(before - 1);

    // The buyer returning again (another tab) gets the same order, nothing new.
    const again = await complete();
    expect(again.json().order.id).toBe(order.id);
    expect((await record(site)).orders.filter((o) => o.paymentReference === piId)).toHaveLength(1);
  });

  it('a declined card answers 402 with the decline message and the stock is back', async () => {
    const cart = await cartFor(site, 'classic-tee', 'TEE-NAV-L', 2, 'pm_card_chargeDeclined');
    const before = await stockOf(site.app.database.db, site.websiteId, 'TEE-NAV-L');
    const res = await checkout(site, cart);
    expect(res.statusCode).toBe(402);
    expect(res.json().error.message).toBe('Your card was declined.');
    expect(await stockOf(site.app.database.db, site.websiteId, 'TEE-NAV-L')).toBe(before);
    // The cart is open again for another card.
    const open = await site.request({
      method: 'GET',
      url: '/api/commerce/shopping-cart',
      cookies: cart.cookies,
    });
    expect(open.json().entries).toHaveLength(1);
  });

  it('a 3-D Secure wait past the reservation time is canceled at Stripe and released by the sweep', async () => {
    const cart = await cartFor(expiring, 'classic-tee', 'TEE-NAV-S', 1, 'pm_card_threeDSecure2Required');
    const before = await stockOf(expiring.app.database.db, expiring.websiteId, 'TEE-NAV-S');
    const res = await checkout(expiring, cart);
    expect(res.statusCode, res.body).toBe(202);
    const { reservationId } = res.json().payment;
    const piId = present((await reservationOf(expiring, reservationId)).paymentReference, 'the intent id');
    expect(await stockOf(expiring.app.database.db, expiring.websiteId, 'TEE-NAV-S')).toBe(before - 1);

    const released = await until('the sweep to release the reservation', async () => {
      const row = await reservationOf(expiring, reservationId);
      return row.state === 'RELEASED' ? row : undefined;
    });
    expect(released.failure).toBe(SLOW_PAYMENT_MESSAGE);
    expect(fake.paymentIntents.get(piId)?.intent.status).toBe('canceled');
    expect(await stockOf(expiring.app.database.db, expiring.websiteId, 'TEE-NAV-S')).toBe(before);
    // The buyer coming back from 3-D Secure now is told, in words, to order again.
    const late = await expiring.request({
      method: 'POST',
      url: `/api/commerce/checkout/payments/${reservationId}/complete`,
      cookies: cart.cookies,
    });
    expect(late.statusCode).toBe(402);
    expect(late.json().error.message).toBe(SLOW_PAYMENT_MESSAGE);
    expect((await record(expiring)).orders).toEqual([]);
  });
});
