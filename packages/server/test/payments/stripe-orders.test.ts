import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutReservations, orders } from '../../src/db/schema/index';
import { type TestSite, createTestSite } from '../helpers/test-app';
import { backends } from '../helpers/test-db';
import { buyTee, orderAction, ownerCookies, stockOf } from '../orders/orders-helpers';
import { type FakeStripe, startFakeStripe } from '../support/fake-stripe';

const KEYS = {
  publishableKey: 'pk_test_51JuniperOrdersPublishable',
  secretKey: 'sk_test_51JuniperOrdersSecretKey1234',
  webhookSecret: 'whsec_JuniperOrdersWebhookSecret99',
};

let fake: FakeStripe;
beforeAll(async () => {
  fake = await startFakeStripe();
});
afterAll(async () => {
  await fake?.close();
});

/** The PaymentIntent the fake Stripe holds for an order. */
function intentOf(reference: string) {
  const stored = fake.paymentIntents.get(reference);
  if (!stored) throw new Error(`no PaymentIntent ${reference}`);
  return stored;
}

describe.each(backends)('orders paid through Stripe on %s', (backend) => {
  let site: TestSite;
  let owner: Record<string, string>;
  const connect = async (captureMode: 'automatic' | 'manual') => {
    const res = await site.request({
      method: 'PUT',
      url: '/api/owner/store/payments',
      cookies: owner,
      payload: { provider: 'stripe', captureMode, ...KEYS },
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const orderRow = async (id: string) => {
    const [row] = await site.app.database.db.select().from(orders).where(eq(orders.id, id));
    if (!row) throw new Error('order missing');
    return row;
  };

  beforeAll(async () => {
    site = await createTestSite(backend, {
      config: { secretsKey: randomBytes(32), stripeApiBase: fake.url },
    });
    owner = await ownerCookies(site);
  });
  afterAll(async () => {
    await site.app.close();
  });

  it('charges the card through Stripe once, and refunds part then the rest through Stripe', async () => {
    await connect('automatic');
    const res = await buyTee(site, { token: 'pm_card_visa' });
    expect(res.statusCode, res.body).toBe(200);
    const row = await orderRow(res.json().order.id);
    expect(row).toMatchObject({ status: 'PAID', paymentProvider: 'stripe', testMode: true });
    const intent = intentOf(row.paymentReference);
    expect(intent.intent).toMatchObject({ status: 'succeeded', amount: row.grandTotalCents });
    expect(intent.intent.metadata).toMatchObject({ website_id: site.websiteId });
    expect(intent.confirms).toBe(1);

    const partial = await orderAction(site, owner, row.id, 'refund', { amountCents: 500 });
    expect(partial.statusCode, partial.body).toBe(200);
    expect(intent.refunds.map((r) => r.amount)).toEqual([500]);
    const rest = await orderAction(site, owner, row.id, 'refund');
    expect(rest.statusCode, rest.body).toBe(200);
    expect(rest.json().order.status).toBe('REFUNDED');
    expect(intent.refunds.map((r) => r.amount)).toEqual([500, row.grandTotalCents - 500]);
    // Nothing left: Stripe is not asked again.
    expect((await orderAction(site, owner, row.id, 'refund')).statusCode).toBe(409);
    expect(intent.refunds).toHaveLength(2);
  });

  it('authorises only when the store captures later; the owner captures, or cancels and the hold is voided', async () => {
    await connect('manual');
    const first = await buyTee(site, { token: 'pm_card_visa' });
    expect(first.statusCode, first.body).toBe(200);
    const held = await orderRow(first.json().order.id);
    expect(held.status).toBe('PENDING');
    expect(intentOf(held.paymentReference).intent.status).toBe('requires_capture');
    const captured = await orderAction(site, owner, held.id, 'capture');
    expect(captured.statusCode, captured.body).toBe(200);
    expect(captured.json().order.status).toBe('PAID');
    expect(intentOf(held.paymentReference).intent).toMatchObject({
      status: 'succeeded',
      amount_received: held.grandTotalCents,
    });

    const stockBefore = await stockOf(site, 'TEE-NAV-M');
    const second = await buyTee(site, { token: 'pm_card_visa' });
    const other = await orderRow(second.json().order.id);
    expect(await stockOf(site, 'TEE-NAV-M')).toBe(stockBefore - 1);
    const canceled = await orderAction(site, owner, other.id, 'cancel');
    expect(canceled.statusCode, canceled.body).toBe(200);
    expect(intentOf(other.paymentReference).intent.status).toBe('canceled');
    expect(intentOf(other.paymentReference).refunds).toHaveLength(0);
    expect(await stockOf(site, 'TEE-NAV-M')).toBe(stockBefore);
  });

  it('a declined card answers 402 with the bank’s words, and the stock and cart are given back', async () => {
    await connect('automatic');
    const before = await stockOf(site, 'TEE-NAV-M');
    const res = await buyTee(site, { token: 'pm_card_chargeDeclined' });
    expect(res.statusCode).toBe(402);
    expect(res.json().error.message).toBe('Your card was declined.');
    expect(await stockOf(site, 'TEE-NAV-M')).toBe(before);
    const released = await site.app.database.db
      .select({ state: checkoutReservations.state, failure: checkoutReservations.failure })
      .from(checkoutReservations)
      .where(eq(checkoutReservations.websiteId, site.websiteId));
    expect(released).toContainEqual({ state: 'RELEASED', failure: 'Your card was declined.' });
  });

  it('an order paid in test mode is still refunded in test mode after the shop connected Stripe', async () => {
    const res = await site.request({
      method: 'PUT',
      url: '/api/owner/store/payments',
      cookies: owner,
      payload: { provider: 'test', captureMode: 'automatic' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const paid = await buyTee(site, { token: 'tok_visa' });
    expect(paid.statusCode, paid.body).toBe(200);
    const row = await orderRow(paid.json().order.id);
    expect(row.paymentProvider).toBe('test');
    await connect('automatic');
    const intentsBefore = fake.paymentIntents.size;
    const refunded = await orderAction(site, owner, row.id, 'refund');
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(fake.paymentIntents.size).toBe(intentsBefore);
  });
});
