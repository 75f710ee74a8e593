import { describe, expect, it } from 'vitest';
import type { ChargeRequest } from './payment-provider';
import { createTestPaymentProvider, TEST_TOKENS } from './test-payment-provider';

describe('test payment provider: one charge per idempotency key', () => {
  const request: ChargeRequest = {
    amountCents: 1900,
    currency: 'USD',
    token: TEST_TOKENS.success,
    idempotencyKey: 'k1',
    capture: 'automatic',
    metadata: { reservationId: 'r1', websiteId: 'w1' },
  };

  it('answers a key it has seen with its first answer, also while that one is still being decided', async () => {
    const provider = createTestPaymentProvider();
    const [a, b] = await Promise.all([provider.charge(request), provider.charge(request)]);
    const c = await provider.charge(request);
    expect(a).toEqual({ state: 'captured', reference: expect.stringMatching(/^test_/) });
    expect(b).toEqual(a);
    expect(c).toEqual(a);
    expect(await provider.lookup(request)).toEqual(a);
  });

  it('a decline is kept for its key too; a new key is a new charge', async () => {
    const provider = createTestPaymentProvider();
    const declined = { ...request, token: TEST_TOKENS.declined, idempotencyKey: 'k2' };
    expect(await provider.charge(declined)).toMatchObject({
      state: 'failed',
      message: 'Your card was declined.',
    });
    expect((await provider.charge({ ...request, idempotencyKey: 'k3' })).state).toBe('captured');
  });

  it('refuses the key with another amount or card instead of charging', async () => {
    const provider = createTestPaymentProvider();
    expect((await provider.charge(request)).state).toBe('captured');
    for (const other of [{ amountCents: 2000 }, { token: TEST_TOKENS.insufficientFunds }]) {
      expect(await provider.charge({ ...request, ...other })).toEqual({
        state: 'failed',
        message: 'This payment was already requested with other details.',
      });
    }
  });

  it('knows nothing of a key it was never asked, and moves no money to say so', async () => {
    const provider = createTestPaymentProvider();
    expect(await provider.lookup({ ...request, idempotencyKey: 'never' })).toEqual({ state: 'none' });
    expect(await provider.lookup({ ...request, idempotencyKey: 'never' })).toEqual({ state: 'none' });
  });

  it('authorises, then captures once; a canceled authorisation cannot be captured', async () => {
    const provider = createTestPaymentProvider();
    const held = await provider.charge({ ...request, idempotencyKey: 'm1', capture: 'manual' });
    expect(held.state).toBe('authorised');
    const reference = (held as { reference: string }).reference;
    expect(await provider.capture(reference, 2000)).toMatchObject({ ok: false });
    expect(await provider.capture(reference, 1900)).toEqual({ ok: true });
    expect(await provider.capture(reference, 1900)).toEqual({ ok: true });
    expect(await provider.cancel(reference)).toMatchObject({ ok: false });
    expect(await provider.refund(reference, 1901)).toMatchObject({ ok: false });
    expect(await provider.refund(reference, 1900)).toEqual({ ok: true });

    const other = await provider.charge({ ...request, idempotencyKey: 'm2', capture: 'manual' });
    const ref2 = (other as { reference: string }).reference;
    expect(await provider.cancel(ref2)).toEqual({ ok: true });
    expect(await provider.lookup({ ...request, idempotencyKey: 'm2' })).toMatchObject({ state: 'canceled' });
    expect(await provider.capture(ref2, 1900)).toMatchObject({ ok: false });
  });
});
