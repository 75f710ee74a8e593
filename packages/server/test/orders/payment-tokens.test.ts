import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestSite, type TestSite } from '../helpers/test-app';
import { backends } from '../helpers/test-db';
import { CARD_TOKENS_PER_MINUTE } from '../../src/routes/orders.routes';
import { buyTee } from './orders-helpers';

const year = new Date().getUTCFullYear() + 2;
const card = (overrides: Record<string, unknown> = {}) => ({
  number: '4242 4242 4242 4242',
  expMonth: 12,
  expYear: year,
  cvc: '123',
  name: 'Ada Lovelace',
  ...overrides,
});

describe.each(backends)('test-mode card tokens on %s', (backend) => {
  let site: TestSite;
  beforeAll(async () => {
    site = await createTestSite(backend);
  });
  afterAll(() => site.app.close());

  const tokenize = (body: unknown, crumb = true) =>
    site.request({
      method: 'POST',
      url: '/api/commerce/payments/test/tokens',
      payload: body as object,
      crumb,
    });

  it('turns a valid card into a signed token with its brand and last four digits', async () => {
    const res = await tokenize(card());
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ token: expect.stringMatching(/^tok_card_/), brand: 'visa', last4: '4242' });
    expect(res.body).not.toContain('4242424242424242');
  });

  it.each([
    ['a number failing the Luhn check', { number: '4242424242424241' }, ['number']],
    ['letters in the number', { number: '4242abcd42424242' }, ['number']],
    ['month 13', { expMonth: 13 }, ['expMonth']],
    ['an expiry in the past', { expMonth: 1, expYear: 2020 }, ['expYear']],
    ['a two-digit cvc', { cvc: '12' }, ['cvc']],
    [
      'everything wrong',
      { number: '1', expMonth: 0, expYear: 'x', cvc: 'abc' },
      ['number', 'expMonth', 'expYear', 'cvc'],
    ],
  ])('refuses %s with 400 and errors keyed by field', async (_name, overrides, fields) => {
    const res = await tokenize(card(overrides));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(res.json().errors).sort()).toEqual([...fields].sort());
  });

  it('answers 429 once one address asks for more tokens a minute than a buyer could need', async () => {
    const from = () =>
      site
        .request({
          method: 'POST',
          url: '/api/commerce/payments/test/tokens',
          payload: card(),
          headers: { 'x-forwarded-for': '203.0.113.77' },
          crumb: true,
        })
        .then((r) => r.statusCode);
    const codes: number[] = [];
    for (let i = 0; i < CARD_TOKENS_PER_MINUTE; i++) codes.push(await from());
    expect(new Set(codes)).toEqual(new Set([201]));
    expect(await from()).toBe(429);
  });

  it('refuses a missing body with 400 and a missing crumb with 403', async () => {
    expect((await tokenize({})).statusCode).toBe(400);
    expect((await tokenize(card(), false)).statusCode).toBe(403);
  });

  it.each([
    ['4242 4242 4242 4242', 200, undefined],
    ['5555 5555 5555 4444', 200, undefined],
    ['4000 0000 0000 0002', 402, 'Your card was declined.'],
    ['4000 0000 0000 9995', 402, 'Your card has insufficient funds.'],
  ])('checks out with the token of %s', async (number, status, message) => {
    const token = (await tokenize(card({ number }))).json().token;
    const res = await buyTee(site, { token });
    expect(res.statusCode).toBe(status);
    if (message) expect(res.json().error.message).toBe(message);
  });

  it('refuses a token whose signature or outcome was altered', async () => {
    const token: string = (await tokenize(card({ number: '4000 0000 0000 0002' }))).json().token;
    // Flip the declined outcome to success: the signature no longer matches.
    const forged = token.replace('tok_card_d', 'tok_card_s');
    const res = await buyTee(site, { token: forged });
    expect(res.statusCode).toBe(402);
    expect(res.json().error.message).toBe('The payment details could not be processed.');
    expect((await buyTee(site, { token: 'tok_visa' })).statusCode).toBe(200);
  });
});
