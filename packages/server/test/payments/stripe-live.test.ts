import { randomUUID } from 'node:crypto';
import { stripeKeyMode } from '@store/api';
import { describe, expect, it } from 'vitest';
import type { ChargeRequest } from '../../src/services/payments/payment-provider';
import { createStripeProvider } from '../../src/services/payments/stripe-provider';

// The provider's contract against Stripe's own test mode (docs/payments.md). It runs only
// when test-mode keys are given; live keys are never used, so no real card is ever charged.
const secretKey = process.env.STRIPE_SECRET_KEY ?? '';
const publishableKey = process.env.STRIPE_PUBLISHABLE_KEY ?? '';
const testKeys = stripeKeyMode(secretKey) === 'test' && stripeKeyMode(publishableKey) === 'test';
const title = !secretKey
  ? 'skipped: set STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY (test-mode keys) to run against Stripe'
  : !testKeys
    ? 'skipped: STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY must both be test-mode keys (sk_test_/rk_test_, pk_test_)'
    : 'Stripe test mode';

function request(over: Partial<ChargeRequest> = {}): ChargeRequest {
  const id = randomUUID();
  return {
    amountCents: 2000,
    currency: 'USD',
    token: 'pm_card_visa',
    idempotencyKey: `juniper-live-test:${id}`,
    capture: 'automatic',
    metadata: { reservationId: id, websiteId: 'live-test' },
    description: 'Juniper provider test',
    ...over,
  };
}

describe.skipIf(!testKeys)(`Stripe provider against real Stripe (${title})`, () => {
  const stripe = createStripeProvider({ secretKey, publishableKey, timeoutMs: 20_000 });

  it('the keys work, in test mode', async () => {
    expect(await stripe.checkConnection?.()).toMatchObject({ ok: true, livemode: false });
    expect(stripe.testMode).toBe(true);
  });

  it('charges pm_card_visa once per key, finds it again, and refunds it in two steps', async () => {
    const req = request();
    const charged = await stripe.charge(req);
    expect(charged).toEqual({ state: 'captured', reference: expect.stringMatching(/^pi_/) });
    expect(await stripe.charge(req)).toEqual(charged);
    expect(await stripe.lookup(req)).toEqual(charged);
    const reference = charged.state === 'captured' ? charged.reference : '';
    expect(await stripe.lookup(req, reference)).toEqual(charged);
    expect(await stripe.refund(reference, 500, `${req.idempotencyKey}:refund:500`)).toEqual({ ok: true });
    expect(await stripe.refund(reference, 500, `${req.idempotencyKey}:refund:500`)).toEqual({ ok: true });
    expect(await stripe.refund(reference, 1501)).toMatchObject({ ok: false });
    expect(await stripe.refund(reference, 1500, `${req.idempotencyKey}:refund:2000`)).toEqual({ ok: true });
  });

  it('authorises, captures part, and answers a second capture ok', async () => {
    const charged = await stripe.charge(request({ capture: 'manual' }));
    expect(charged.state).toBe('authorised');
    const reference = charged.state === 'authorised' ? charged.reference : '';
    expect(await stripe.capture(reference, 1200)).toEqual({ ok: true });
    expect(await stripe.capture(reference, 1200)).toEqual({ ok: true });
    expect(await stripe.lookup(request(), reference)).toEqual({ state: 'captured', reference });
  });

  it('a declined card is a failed payment in Stripe’s words', async () => {
    expect(await stripe.charge(request({ token: 'pm_card_chargeDeclined' }))).toMatchObject({
      state: 'failed',
      message: 'Your card was declined.',
    });
  });

  it('3-D Secure asks for the buyer; canceling it leaves nothing charged', async () => {
    const req = request({ token: 'pm_card_threeDSecure2Required', returnUrl: 'https://example.com/return' });
    const charged = await stripe.charge(req);
    expect(charged).toMatchObject({ state: 'action', clientSecret: expect.stringContaining('_secret_') });
    const reference = charged.state === 'action' ? charged.reference : '';
    expect(await stripe.cancel(reference)).toEqual({ ok: true });
    expect(await stripe.lookup(req)).toEqual({ state: 'canceled', reference });
  });

  it('a key never charged is none', async () => {
    expect(await stripe.lookup(request())).toEqual({ state: 'none' });
  });
});
