import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiFailure } from '../../api';
import { placeOrder } from './place-order';

const call = vi.hoisted(() => vi.fn());
vi.mock('../../api', async (original) => ({ ...(await original<typeof import('../../api')>()), api: call }));

const fields = {
  email: ' ada@example.com ',
  firstName: 'Ada',
  lastName: 'Lovelace',
  address1: '1 Main St',
  address2: '',
  city: 'London',
  state: '',
  postalCode: 'N1 9GU',
  country: 'GB',
  shippingOptionId: 'ship-1',
};
const card = { number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123', name: 'Ada' };
const tokenize = vi.fn(async () => ({ ok: true as const, token: 'tok_1', brand: 'visa', last4: '4242' }));
const placed = {
  order: { id: 'order-1' },
  confirmationUrl: '/checkout/order-confirmed?orderId=order-1&token=t',
};
const offline = () => new ApiFailure(0, 'NETWORK', '', false, true);
const input = { fields, card, tokenize, needsShipping: true, cartToken: null, retryDelayMs: 0 };

describe('placeOrder', () => {
  beforeEach(() => {
    call.mockReset();
    tokenize.mockClear();
  });

  it('sends the amount due the buyer was shown and an Idempotency-Key', async () => {
    call.mockResolvedValue(placed);
    expect(await placeOrder({ ...input, expectedTotal: 6581 })).toEqual({
      ok: true,
      confirmationUrl: placed.confirmationUrl,
    });
    const [key, sent] = call.mock.calls[0] ?? [];
    expect(key).toBe('POST /api/commerce/checkout');
    expect(sent.body).toMatchObject({
      email: 'ada@example.com',
      expectedTotal: 6581,
      payment: { token: 'tok_1' },
    });
    expect(sent.headers['idempotency-key']).toMatch(/^[0-9a-f]{32}$/);
  });

  it('after a network failure sends the same call with the same key: a lost answer gets its order back', async () => {
    call.mockRejectedValueOnce(offline()).mockResolvedValueOnce(placed);
    expect((await placeOrder({ ...input, expectedTotal: 100 })).ok).toBe(true);
    expect(call).toHaveBeenCalledTimes(2);
    expect(call.mock.calls[1]?.[1]).toEqual(call.mock.calls[0]?.[1]);
    expect(tokenize).toHaveBeenCalledTimes(1);
  });

  it('a new attempt is a new key', async () => {
    call.mockResolvedValue(placed);
    await placeOrder(input);
    await placeOrder(input);
    const keys = call.mock.calls.map((c) => c[1].headers['idempotency-key']);
    expect(new Set(keys).size).toBe(2);
  });

  it('passes a changed total on to the form (its message says the new total), without sending again', async () => {
    const changed = new ApiFailure(
      409,
      'TOTAL_CHANGED',
      'Your total is now $7.00. Please review your order and place it again.',
      false,
      false,
      { amountDueCents: 700 },
    );
    call.mockRejectedValue(changed);
    await expect(placeOrder({ ...input, expectedTotal: 0 })).rejects.toBe(changed);
    expect(call).toHaveBeenCalledTimes(1);
  });

  it("names whose token it sends: the test form's by default, Stripe's PaymentMethod when asked", async () => {
    call.mockResolvedValue({ payment: { status: 'action', reservationId: 'res-1', clientSecret: 'cs' } });
    await placeOrder(input);
    expect(await placeOrder({ ...input, provider: 'stripe' })).toEqual({
      ok: 'pending',
      payment: { status: 'action', reservationId: 'res-1', clientSecret: 'cs' },
    });
    expect(call.mock.calls.map((c) => c[1].body.payment)).toEqual([
      { provider: 'test', token: 'tok_1' },
      { provider: 'stripe', token: 'tok_1' },
    ]);
  });

  it('gives up after a few network failures', async () => {
    call.mockRejectedValue(offline());
    await expect(placeOrder(input)).rejects.toMatchObject({ offline: true });
    expect(call).toHaveBeenCalledTimes(3);
  });
});
