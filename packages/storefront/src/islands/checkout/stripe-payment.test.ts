import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiFailure } from '../../api';
import type { StripeCardElement, StripeJs } from './stripe-js';
import { billingDetails, finishStripeAction, stripeTokenizer } from './stripe-payment';

const call = vi.hoisted(() => vi.fn());
vi.mock('../../api', async (original) => ({ ...(await original<typeof import('../../api')>()), api: call }));

const fields = {
  email: ' ada@example.com ',
  firstName: 'Ada',
  lastName: ' Lovelace',
  address1: '1 Main St',
  address2: '',
  city: 'Albany',
  state: 'NY',
  postalCode: '12207',
  country: 'US',
  shippingOptionId: 'ship-1',
};
const card = { mount() {}, on() {}, focus() {}, destroy() {} } as unknown as StripeCardElement;
const noCard = { number: '', expiry: '', cvc: '', name: '' };

function fakeStripe(overrides: Partial<StripeJs> = {}): StripeJs {
  return {
    elements: () => ({ create: () => card }),
    createPaymentMethod: vi.fn(async () => ({
      paymentMethod: { id: 'pm_card_visa', card: { brand: 'visa', last4: '4242' } },
    })),
    handleNextAction: vi.fn(async () => ({ paymentIntent: { id: 'pi_1', status: 'succeeded' } })),
    ...overrides,
  };
}

const placed = {
  order: { id: 'order-1' },
  accessToken: 't',
  confirmationUrl: '/checkout/order-confirmed?orderId=order-1&token=t',
};
const action = { status: 'action' as const, reservationId: 'res-1', clientSecret: 'pi_1_secret_abc' };

describe('billingDetails', () => {
  it('sends what was typed, trimmed, and the address only when one was asked for', () => {
    expect(billingDetails(fields, true)).toEqual({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      address: { line1: '1 Main St', city: 'Albany', state: 'NY', postal_code: '12207', country: 'US' },
    });
    expect(billingDetails({ ...fields, firstName: '', lastName: '' }, false)).toEqual({
      email: 'ada@example.com',
    });
  });
});

describe('stripeTokenizer', () => {
  it("answers Stripe's PaymentMethod id as the token, sent with the billing details", async () => {
    const stripe = fakeStripe();
    const billing = billingDetails(fields, true);
    expect(await stripeTokenizer(stripe, card, billing)(noCard)).toEqual({
      ok: true,
      token: 'pm_card_visa',
      brand: 'visa',
      last4: '4242',
    });
    expect(stripe.createPaymentMethod).toHaveBeenCalledWith({ type: 'card', card, billing_details: billing });
  });

  it("puts Stripe.js's words beside the card field", async () => {
    const stripe = fakeStripe({
      createPaymentMethod: async () => ({
        error: {
          type: 'validation_error',
          code: 'incomplete_number',
          message: 'Your card number is incomplete.',
        },
      }),
    });
    expect(await stripeTokenizer(stripe, card, {})(noCard)).toEqual({
      ok: false,
      errors: { number: 'Your card number is incomplete.' },
    });
  });

  it('says the card could not be checked when Stripe.js fails or the field is gone', async () => {
    const failing = fakeStripe({ createPaymentMethod: () => Promise.reject(new Error('offline')) });
    const unreachable = 'The card could not be checked. Check your connection and try again.';
    expect(await stripeTokenizer(failing, card, {})(noCard)).toEqual({
      ok: false,
      errors: { number: unreachable },
    });
    const stripe = fakeStripe();
    expect(await stripeTokenizer(stripe, null, {})(noCard)).toEqual({
      ok: false,
      errors: { number: unreachable },
    });
    expect(stripe.createPaymentMethod).not.toHaveBeenCalled();
  });
});

describe('finishStripeAction', () => {
  beforeEach(() => {
    call.mockReset();
  });

  it("runs Stripe's 3-D Secure window, then asks the server: the order", async () => {
    const stripe = fakeStripe();
    call.mockResolvedValue(placed);
    expect(await finishStripeAction(stripe, action, 0)).toEqual({
      ok: true,
      confirmationUrl: placed.confirmationUrl,
    });
    expect(stripe.handleNextAction).toHaveBeenCalledWith({ clientSecret: 'pi_1_secret_abc' });
    expect(call).toHaveBeenCalledTimes(1);
    expect(call).toHaveBeenCalledWith('POST /api/commerce/checkout/payments/:reservationId/complete', {
      params: { reservationId: 'res-1' },
    });
    const order = vi.mocked(stripe.handleNextAction).mock.invocationCallOrder[0] ?? 0;
    expect(order).toBeLessThan(call.mock.invocationCallOrder[0] ?? 0);
  });

  it("asks the server even when the window failed: the server's answer counts", async () => {
    const stripe = fakeStripe({ handleNextAction: () => Promise.reject(new Error('closed')) });
    call.mockResolvedValue({ payment: { status: 'waiting', reservationId: 'res-1' } });
    expect(await finishStripeAction(stripe, action, 0)).toEqual({
      ok: 'pending',
      payment: { status: 'waiting', reservationId: 'res-1' },
    });
  });

  it('throws the decline (402) for the form to show', async () => {
    call.mockRejectedValue(new ApiFailure(402, 'PAYMENT_FAILED', 'Your card was declined.'));
    const thrown = await finishStripeAction(fakeStripe(), action, 0).catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(ApiFailure);
    expect(thrown).toMatchObject({ status: 402, message: 'Your card was declined.' });
    expect(call).toHaveBeenCalledTimes(1);
  });

  it('asks again after a lost answer, then gives up', async () => {
    const offline = () => new ApiFailure(0, 'NETWORK', '', false, true);
    call.mockRejectedValueOnce(offline()).mockResolvedValueOnce(placed);
    expect((await finishStripeAction(fakeStripe(), action, 0)).ok).toBe(true);
    expect(call).toHaveBeenCalledTimes(2);
    call.mockReset();
    call.mockRejectedValue(offline());
    const thrown = await finishStripeAction(fakeStripe(), action, 0).catch((e: unknown) => e);
    expect(thrown).toMatchObject({ offline: true });
    expect(call).toHaveBeenCalledTimes(3);
  });
});
