import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiFailure } from '../../api';
import { testCardTokenizer } from './card-tokenizer';

const call = vi.hoisted(() => vi.fn());
vi.mock('../../api', async (original) => ({ ...(await original<typeof import('../../api')>()), api: call }));

const card = { number: '4242 4242 4242 4242', expiry: '12/30', cvc: ' 123 ', name: ' Ada Lovelace ' };
const refused = (errors: unknown, status = 400) =>
  new ApiFailure(status, 'VALIDATION_FAILED', 'The request has invalid fields.', false, false, { errors });

describe('testCardTokenizer', () => {
  beforeEach(() => {
    call.mockReset();
  });

  it('sends the digits, month and four-digit year, and answers the token', async () => {
    call.mockResolvedValue({ token: 'tok_1', brand: 'visa', last4: '4242' });
    expect(await testCardTokenizer(card)).toEqual({ ok: true, token: 'tok_1', brand: 'visa', last4: '4242' });
    expect(call).toHaveBeenCalledWith('POST /api/commerce/payments/test/tokens', {
      body: { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123', name: 'Ada Lovelace' },
    });
  });

  it('leaves out an empty name (optional for the provider)', async () => {
    call.mockResolvedValue({ token: 't', brand: 'visa', last4: '4242' });
    await testCardTokenizer({ ...card, name: ' ' });
    expect(call.mock.calls[0]?.[1].body).not.toHaveProperty('name');
  });

  it.each([
    [{ number: 'Your card number is invalid.' }, { number: 'Your card number is invalid.' }],
    [{ expMonth: 'Bad month.' }, { expiry: 'Bad month.' }],
    [
      { expYear: 'Your card has expired.', cvc: 'Bad CVC.' },
      { expiry: 'Your card has expired.', cvc: 'Bad CVC.' },
    ],
    // Month and year share one input: the first message is shown.
    [{ expMonth: 'Bad month.', expYear: 'Bad year.' }, { expiry: 'Bad month.' }],
  ])('a refusal %j shows beside the fields %j', async (server, shown) => {
    call.mockImplementation(async () => {
      throw refused(server);
    });
    expect(await testCardTokenizer(card)).toEqual({ ok: false, errors: shown });
  });

  it.each([
    ['an offline failure', new ApiFailure(0, 'NETWORK', '', false, true)],
    ['a refusal naming no card field', refused({ email: 'x' })],
    ['a server error', refused(undefined, 500)],
  ])('rethrows %s for the form to word', async (_name, failure) => {
    call.mockImplementation(async () => {
      throw failure;
    });
    await expect(testCardTokenizer(card)).rejects.toBe(failure);
  });
});
