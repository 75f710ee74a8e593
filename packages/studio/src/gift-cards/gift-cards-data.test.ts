import { describe, expect, it } from 'vitest';
import { balanceText, idempotencyKeeper, issueSchema } from './gift-cards-data';

const draft = { amount: '25', email: 'friend@example.com', name: '', message: '' };

describe('gift card screen data', () => {
  it('turns the typed amount into integer minor units of the store currency', () => {
    expect(issueSchema('USD').parse({ ...draft, amount: '25.50' })).toEqual({
      amountCents: 2550,
      email: 'friend@example.com',
    });
    expect(issueSchema('JPY').parse({ ...draft, amount: '5000' }).amountCents).toBe(5000);
  });

  it('puts the amount errors on amountCents, the API’s path', () => {
    const issues = (amount: string, currency = 'USD') =>
      issueSchema(currency)
        .safeParse({ ...draft, amount })
        .error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues('12.345')).toEqual([
      ['amountCents', 'That amount has too many decimals for the store currency.'],
    ]);
    expect(issues('12.5', 'JPY')).toEqual([
      ['amountCents', 'That amount has too many decimals for the store currency.'],
    ]);
    expect(issues('abc')).toEqual([['amountCents', 'Enter an amount, like 25.00.']]);
    expect(issues('0')?.[0]).toEqual(['amountCents', 'Enter an amount above zero.']);
    expect(issues('')?.[0]?.[0]).toBe('amountCents');
  });

  it('checks the e-mail and the message with the API’s messages', () => {
    const result = issueSchema('USD').safeParse({ ...draft, email: 'nope', message: 'x'.repeat(501) });
    const byPath = Object.fromEntries(result.error?.issues.map((i) => [i.path.join('.'), i.message]) ?? []);
    expect(byPath.email).toBe('Please enter a valid email');
    expect(byPath.message).toBe('The message can be at most 500 characters.');
  });

  it('keeps one Idempotency-Key for a retry of the same card, a new one otherwise', () => {
    let n = 0;
    const keys = idempotencyKeeper(() => `key-${++n}`);
    const first = keys.keyFor({ amountCents: 100 });
    expect(keys.keyFor({ amountCents: 100 })).toBe(first);
    expect(keys.keyFor({ amountCents: 200 })).not.toBe(first);
    keys.done();
    expect(keys.keyFor({ amountCents: 200 })).toBe('key-3');
  });

  it('shows what is left of a card', () => {
    const fmt = (c: number) => `$${(c / 100).toFixed(2)}`;
    expect(balanceText({ balanceCents: 2500, initialCents: 2500 }, fmt)).toBe('$25.00');
    expect(balanceText({ balanceCents: 1200, initialCents: 2500 }, fmt)).toBe('$12.00 of $25.00');
  });
});
