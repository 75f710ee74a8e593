import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PAYMENT_SETTINGS_MESSAGES } from '@store/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChargeRequest, PaymentProvider } from '../../src/services/payments/payment-provider';
import {
  createStripeProvider,
  type StripeProviderOptions,
  stripeApiBase,
} from '../../src/services/payments/stripe-provider';
import { type FakeStripe, startFakeStripe } from '../support/fake-stripe';

const KEYS = { secretKey: 'sk_test_juniper_fake_4242', publishableKey: 'pk_test_juniper_fake_4242' };
const WEBHOOK_SECRET = 'whsec_juniper_fake_secret';
const CONFIRM = 'POST /v1/payment_intents/:id/confirm';
const CREATE = 'POST /v1/payment_intents';

let fake: FakeStripe;
let stripe: PaymentProvider;

function providerWith(extra: Partial<StripeProviderOptions> = {}): PaymentProvider {
  return createStripeProvider({
    ...KEYS,
    webhookSecret: WEBHOOK_SECRET,
    api: stripeApiBase(fake.url),
    ...extra,
  });
}

function request(over: Partial<ChargeRequest> = {}): ChargeRequest {
  const id = randomUUID();
  return {
    amountCents: 2500,
    currency: 'USD',
    token: 'pm_card_visa',
    idempotencyKey: `checkout:${id}`,
    capture: 'automatic',
    metadata: { reservationId: id, websiteId: 'site-juniper' },
    description: 'Juniper & Oak checkout',
    returnUrl: 'https://shop.example/checkout/return',
    ...over,
  };
}

/** The fake's record of a payment the provider reported. */
function recordOf(state: { state: string; reference?: string }) {
  const stored = state.reference ? fake.paymentIntents.get(state.reference) : undefined;
  if (!stored) throw new Error(`no PaymentIntent for ${JSON.stringify(state)}`);
  return stored;
}

const count = (route: string) => fake.requests[route] ?? 0;

beforeAll(async () => {
  fake = await startFakeStripe();
  stripe = providerWith();
});
afterAll(() => fake.close());

describe('Stripe provider: charging', () => {
  it('charges a card in two idempotent steps and reports it captured', async () => {
    const req = request();
    const charged = await stripe.charge(req);
    expect(charged).toEqual({ state: 'captured', reference: expect.stringMatching(/^pi_/) });
    const { intent, confirms } = recordOf(charged);
    expect(confirms).toBe(1);
    expect(intent).toMatchObject({
      status: 'succeeded',
      amount: 2500,
      amount_received: 2500,
      currency: 'usd',
      capture_method: 'automatic',
      allowed_payment_method_types: ['card'],
      payment_method: 'pm_card_visa',
      description: 'Juniper & Oak checkout',
      metadata: { reservation_id: req.metadata.reservationId, website_id: 'site-juniper' },
    });
  });

  it('authorises with manual capture, then captures once, also when asked again', async () => {
    const charged = await stripe.charge(request({ capture: 'manual' }));
    expect(charged.state).toBe('authorised');
    const record = recordOf(charged);
    expect(record.intent).toMatchObject({
      status: 'requires_capture',
      amount_capturable: 2500,
      amount_received: 0,
    });
    const reference = record.intent.id;
    expect(await stripe.capture(reference, 2500, `order:${reference}:capture`)).toEqual({ ok: true });
    expect(await stripe.capture(reference, 2500, `order:${reference}:capture`)).toEqual({ ok: true });
    expect(await stripe.capture(reference, 2500)).toEqual({ ok: true });
    expect(record.captures).toBe(1);
    expect(record.intent).toMatchObject({ status: 'succeeded', amount_received: 2500 });
    expect(await stripe.lookup(request(), reference)).toEqual({ state: 'captured', reference });
  });

  it('captures part of an authorisation, and refuses more than was authorised', async () => {
    const partial = recordOf(await stripe.charge(request({ capture: 'manual' })));
    expect(await stripe.capture(partial.intent.id, 1500)).toEqual({ ok: true });
    expect(partial.intent).toMatchObject({
      status: 'succeeded',
      amount_received: 1500,
      amount_capturable: 0,
    });

    const over = recordOf(await stripe.charge(request({ capture: 'manual' })));
    const refused = await stripe.capture(over.intent.id, 9999);
    expect(refused).toEqual({ ok: false, message: expect.stringContaining('amount capturable (2500)') });
    expect(over.intent.status).toBe('requires_capture');
    expect(await stripe.capture(over.intent.id, 0)).toMatchObject({ ok: false });
  });

  it.each([
    ['pm_card_chargeDeclined', 'Your card was declined.'],
    ['pm_card_chargeDeclinedInsufficientFunds', 'Your card has insufficient funds.'],
  ])('a declined card (%s) is a failed payment in words, not an exception', async (token, message) => {
    const charged = await stripe.charge(request({ token }));
    expect(charged).toEqual({ state: 'failed', reference: expect.stringMatching(/^pi_/), message });
    expect(recordOf(charged).intent).toMatchObject({ status: 'requires_payment_method', amount_received: 0 });
  });

  it('3-D Secure: asks for the buyer, then a lookup after the buyer finished says captured', async () => {
    const req = request({ token: 'pm_card_threeDSecure2Required' });
    const charged = await stripe.charge(req);
    const record = recordOf(charged);
    expect(charged).toEqual({
      state: 'action',
      reference: record.intent.id,
      clientSecret: record.intent.client_secret,
    });
    fake.completeAction(record.intent.id, true);
    expect(await stripe.lookup(req)).toEqual({ state: 'captured', reference: record.intent.id });
    // The same charge again answers where the payment stands now, not the replayed action.
    expect(await stripe.charge(req)).toEqual({ state: 'captured', reference: record.intent.id });
    expect(record.confirms).toBe(1);
  });

  it('3-D Secure the buyer failed is a failed payment with Stripe’s words', async () => {
    const req = request({ token: 'pm_card_threeDSecure2Required' });
    const record = recordOf(await stripe.charge(req));
    fake.completeAction(record.intent.id, false);
    expect(await stripe.lookup(req)).toEqual({
      state: 'failed',
      reference: record.intent.id,
      message: expect.stringContaining('failed authentication'),
    });
  });

  it('a charge replayed with the same key charges once, also when both arrive together', async () => {
    const req = request();
    const before = fake.paymentIntents.size;
    const [a, b] = await Promise.all([stripe.charge(req), stripe.charge(req)]);
    const c = await stripe.charge(req);
    expect(a.state).toBe('captured');
    expect(b).toEqual(a);
    expect(c).toEqual(a);
    expect(fake.paymentIntents.size).toBe(before + 1);
    expect(recordOf(a).confirms).toBe(1);
  });

  it('the same key with other details moves no money: another amount, or another card after a decline', async () => {
    const paid = request();
    const charged = await stripe.charge(paid);
    const before = fake.paymentIntents.size;
    expect(await stripe.charge({ ...paid, amountCents: 9900 })).toEqual({
      state: 'failed',
      message: 'This payment was already requested with other details.',
    });
    expect(fake.paymentIntents.size).toBe(before);
    expect(recordOf(charged).intent.amount_received).toBe(2500);

    const declined = request({ token: 'pm_card_chargeDeclined' });
    const first = await stripe.charge(declined);
    const second = await stripe.charge({ ...declined, token: 'pm_card_visa' });
    expect(second).toEqual(first);
    expect(recordOf(first)).toMatchObject({ confirms: 1, intent: { amount_received: 0 } });
  });

  it('refuses bad amounts and currencies before asking Stripe', async () => {
    const creates = count(CREATE);
    for (const bad of [{ amountCents: 0 }, { amountCents: 12.5 }, { currency: 'dollars' }, { token: '' }])
      expect(await stripe.charge(request(bad))).toMatchObject({
        state: 'failed',
        message: expect.any(String),
      });
    expect(count(CREATE)).toBe(creates);
  });

  it('an unknown PaymentMethod is a failed payment with Stripe’s words', async () => {
    expect(await stripe.charge(request({ token: 'pm_nothing_like_it' }))).toEqual({
      state: 'failed',
      reference: expect.stringMatching(/^pi_/),
      message: "No such PaymentMethod: 'pm_nothing_like_it'",
    });
  });
});

describe('Stripe provider: lookup, cancel and refund', () => {
  it('a key never charged is none and moves no money; charging it later uses that same PaymentIntent', async () => {
    const req = request();
    const confirms = count(CONFIRM);
    expect(await stripe.lookup(req)).toEqual({ state: 'none' });
    expect(await stripe.lookup(req)).toEqual({ state: 'none' });
    expect(count(CONFIRM)).toBe(confirms);
    const created = [...fake.paymentIntents.values()].filter(
      (s) => s.intent.metadata.reservation_id === req.metadata.reservationId,
    );
    expect(created).toHaveLength(1);
    expect(created[0]?.intent).toMatchObject({ status: 'requires_payment_method', amount_received: 0 });
    expect(await stripe.charge(req)).toEqual({ state: 'captured', reference: created[0]?.intent.id });
  });

  it('cancels an authorisation (again ok), a 3-D Secure wait, and refuses to cancel a captured payment', async () => {
    const authorised = recordOf(await stripe.charge(request({ capture: 'manual' })));
    expect(await stripe.cancel(authorised.intent.id)).toEqual({ ok: true });
    expect(await stripe.cancel(authorised.intent.id)).toEqual({ ok: true });
    expect(authorised.intent.status).toBe('canceled');
    expect(await stripe.lookup(request(), authorised.intent.id)).toEqual({
      state: 'canceled',
      reference: authorised.intent.id,
    });
    expect(await stripe.capture(authorised.intent.id, 2500)).toEqual({
      ok: false,
      message: 'The authorisation was canceled or has expired: nothing can be captured.',
    });

    const waiting = recordOf(await stripe.charge(request({ token: 'pm_card_threeDSecure2Required' })));
    expect(await stripe.cancel(waiting.intent.id)).toEqual({ ok: true });

    const captured = recordOf(await stripe.charge(request()));
    expect(await stripe.cancel(captured.intent.id)).toEqual({
      ok: false,
      message: 'The payment was already captured: refund it instead of canceling it.',
    });
    expect(captured.intent.status).toBe('succeeded');
  });

  it('refunds in part and in full, once per key, and never more than was captured', async () => {
    const record = recordOf(await stripe.charge(request({ amountCents: 5000 })));
    const ref = record.intent.id;
    expect(await stripe.refund(ref, 2000, `order:${ref}:refunded:2000`)).toEqual({ ok: true });
    expect(await stripe.refund(ref, 2000, `order:${ref}:refunded:2000`)).toEqual({ ok: true });
    expect(record.refunds.map((r) => r.amount)).toEqual([2000]);
    const over = await stripe.refund(ref, 3001, `order:${ref}:refunded:5001`);
    expect(over).toEqual({ ok: false, message: expect.stringContaining('greater than unrefunded amount') });
    expect(await stripe.refund(ref, 3000, `order:${ref}:refunded:5000`)).toEqual({ ok: true });
    expect(record.refunds.map((r) => r.amount)).toEqual([2000, 3000]);
    expect(await stripe.refund(ref, 1)).toEqual({
      ok: false,
      message: expect.stringContaining('already been refunded'),
    });

    const full = recordOf(await stripe.charge(request({ amountCents: 1234 })));
    expect(await stripe.refund(full.intent.id, 1234)).toEqual({ ok: true });
    expect(full.refunds.map((r) => r.amount)).toEqual([1234]);

    const authorised = recordOf(await stripe.charge(request({ capture: 'manual' })));
    expect(await stripe.refund(authorised.intent.id, 100)).toMatchObject({ ok: false });
    expect(authorised.refunds).toEqual([]);
  });
});

describe('Stripe provider: when Stripe does not answer', () => {
  it('an answer lost after the money moved is unknown; a lookup then finds the truth', async () => {
    const req = request();
    fake.setNextFailure({ kind: 'drop-after', route: CONFIRM, times: 3 });
    const confirms = count(CONFIRM);
    const charged = await stripe.charge(req);
    expect(charged).toEqual({
      state: 'unknown',
      message: expect.stringContaining('Stripe could not be reached'),
    });
    expect(count(CONFIRM) - confirms).toBe(3); // the first try and the SDK's two retries
    const found = await stripe.lookup(req);
    expect(found).toEqual({ state: 'captured', reference: expect.stringMatching(/^pi_/) });
    expect(recordOf(found).confirms).toBe(1);
    expect(await stripe.charge(req)).toEqual(found);
  });

  it('the SDK retries a dropped connection or a 500 with the same key', async () => {
    fake.setNextFailure({ kind: 'drop-before', route: CREATE });
    expect((await stripe.charge(request())).state).toBe('captured');
    fake.setNextFailure({ kind: 'status-500', route: CONFIRM, times: 2 });
    const charged = await stripe.charge(request());
    expect(charged.state).toBe('captured');
    expect(recordOf(charged).confirms).toBe(1);
  });

  it('500s on every try are unknown, and nothing was created', async () => {
    const req = request();
    fake.setNextFailure({ kind: 'status-500', route: CREATE, times: 3 });
    expect(await stripe.charge(req)).toEqual({
      state: 'unknown',
      message: expect.stringContaining('Stripe could not answer'),
    });
    expect(await stripe.lookup(req)).toEqual({ state: 'none' });
  });

  it('a Stripe slower than the timeout is unknown', async () => {
    const slow = await startFakeStripe({ latencyMs: 800 });
    try {
      const impatient = createStripeProvider({ ...KEYS, api: stripeApiBase(slow.url), timeoutMs: 100 });
      expect(await impatient.charge(request())).toMatchObject({ state: 'unknown' });
    } finally {
      await slow.close();
    }
  });
});

describe('Stripe provider: keys and connection check', () => {
  it('test keys are test mode; the browser gets the publishable key and the mode', () => {
    expect(stripe).toMatchObject({ name: 'stripe', testMode: true });
    expect(stripe.browser()).toEqual({
      provider: 'stripe',
      publishableKey: KEYS.publishableKey,
      livemode: false,
    });
    expect(providerWith({ secretKey: 'rk_test_restricted_1234' }).testMode).toBe(true);
    const live = providerWith({ secretKey: 'sk_live_real_1234', publishableKey: 'pk_live_real_1234' });
    expect(live.testMode).toBe(false);
    expect(live.browser()).toMatchObject({ livemode: true });
  });

  it('checkConnection: ok with the mode and account, refused key, mixed modes, unreachable', async () => {
    expect(await stripe.checkConnection?.()).toEqual({
      ok: true,
      livemode: false,
      account: 'acct_fake_juniper',
    });

    const refusedKey = providerWith({
      secretKey: 'sk_live_revoked_key_9876',
      publishableKey: 'pk_live_x_9876',
    });
    const refused = await refusedKey.checkConnection?.();
    expect(refused).toEqual({
      ok: false,
      message: expect.stringMatching(/^The secret key was refused by Stripe: /),
    });
    expect(JSON.stringify(refused)).not.toContain('revoked_key');
    // The same key refused while charging: the owner is told what to fix, nothing is charged.
    expect(await refusedKey.charge(request())).toEqual({
      state: 'failed',
      message: expect.stringMatching(/^The secret key was refused by Stripe: /),
    });

    const mixed = await providerWith({ publishableKey: 'pk_live_x_1234' }).checkConnection?.();
    expect(mixed).toEqual({
      ok: false,
      message: expect.stringContaining('a live key and the secret key a test key'),
    });

    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const unreachable = providerWith({ api: { host: '127.0.0.1', port, protocol: 'http' } });
    expect(await unreachable.checkConnection?.()).toEqual({
      ok: false,
      message: expect.stringMatching(/^Stripe could not be reached: /),
    });
  });

  it('without a secret key every call says so and Stripe is not asked; webhooks are still checked', async () => {
    const before = JSON.stringify(fake.requests);
    const keyless = providerWith({ secretKey: ' ' });
    const message = PAYMENT_SETTINGS_MESSAGES.secretKeyRequired;
    expect(await keyless.charge(request())).toEqual({ state: 'failed', message });
    expect(await keyless.lookup(request())).toEqual({ state: 'unknown', message });
    for (const call of [keyless.cancel('pi_1'), keyless.capture('pi_1', 100), keyless.refund('pi_1', 100)])
      expect(await call).toEqual({ ok: false, message });
    expect(await keyless.checkConnection?.()).toEqual({ ok: false, message });
    expect(JSON.stringify(fake.requests)).toBe(before);
    const intent = [...fake.paymentIntents.values()][0]!.intent;
    const { payload, signature } = fake.signWebhook(
      fake.webhookEvent('payment_intent.canceled', intent),
      WEBHOOK_SECRET,
    );
    expect(keyless.webhook?.(Buffer.from(payload), { 'Stripe-Signature': signature })).toMatchObject({
      ok: true,
    });
  });

  it.each([
    ['http://127.0.0.1:12111', { host: '127.0.0.1', port: 12111, protocol: 'http' }],
    ['https://stripe.internal/', { host: 'stripe.internal', port: 443, protocol: 'https' }],
    ['http://[::1]:8080', { host: '::1', port: 8080, protocol: 'http' }],
    [undefined, undefined],
    ['', undefined],
  ])('stripeApiBase(%j)', (url, expected) => {
    expect(stripeApiBase(url)).toEqual(expected);
  });

  it.each(['ftp://x:1', 'http://host:1/v1', 'not a url'])(
    'stripeApiBase refuses %j, naming the variable',
    (url) => {
      expect(() => stripeApiBase(url)).toThrow(/STRIPE_API_BASE/);
    },
  );
});

describe('Stripe provider: webhooks', () => {
  it('reads a signed event: its PaymentIntent and checkout', async () => {
    const req = request();
    const record = recordOf(await stripe.charge(req));
    for (const type of ['payment_intent.succeeded', 'charge.refunded']) {
      const { payload, signature } = fake.signWebhook(fake.webhookEvent(type, record.intent), WEBHOOK_SECRET);
      const read = stripe.webhook?.(Buffer.from(payload), { 'stripe-signature': signature });
      expect(read).toEqual({
        ok: true,
        event: {
          id: expect.stringMatching(/^evt_/),
          type,
          reference: record.intent.id,
          reservationId: req.metadata.reservationId,
          websiteId: 'site-juniper',
        },
      });
    }
  });

  it('refuses a bad or missing signature, a tampered body, an old timestamp, and no configured secret', () => {
    const intent = [...fake.paymentIntents.values()][0]!.intent;
    const event = fake.webhookEvent('payment_intent.succeeded', intent);
    const refuse = (body: string, headers: Record<string, string>, provider = stripe) =>
      expect(provider.webhook?.(Buffer.from(body), headers)).toEqual({
        ok: false,
        message: expect.any(String),
      });

    const other = fake.signWebhook(event, 'whsec_someone_else');
    refuse(other.payload, { 'stripe-signature': other.signature });
    const good = fake.signWebhook(event, WEBHOOK_SECRET);
    refuse(good.payload, {});
    refuse(good.payload.replace(intent.id, 'pi_someone_else'), { 'stripe-signature': good.signature });
    const old = fake.signWebhook(event, WEBHOOK_SECRET, Math.floor(Date.now() / 1000) - 600);
    refuse(old.payload, { 'stripe-signature': old.signature });
    expect(stripe.webhook?.(Buffer.from(old.payload), { 'stripe-signature': old.signature })).toMatchObject({
      message: expect.stringContaining('tolerance'),
    });
    refuse(good.payload, { 'stripe-signature': good.signature }, providerWith({ webhookSecret: undefined }));
  });

  it('a webhook sent over HTTP is checked against its raw body', async () => {
    const server: Server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const read = stripe.webhook?.(Buffer.concat(chunks), req.headers);
        res.writeHead(read?.ok ? 200 : 400, { 'content-type': 'application/json' });
        res.end(JSON.stringify(read));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/commerce/payments/stripe/webhook`;
      const intent = recordOf(await stripe.charge(request())).intent;
      const event = fake.webhookEvent('payment_intent.succeeded', intent);
      const sent = await fake.sendWebhook(url, event, WEBHOOK_SECRET);
      expect(sent.status).toBe(200);
      expect(JSON.parse(sent.body)).toMatchObject({ ok: true, event: { reference: intent.id } });
      expect((await fake.sendWebhook(url, event, 'whsec_wrong')).status).toBe(400);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
