import { describe, expect, it } from 'vitest';
import { CARD_MESSAGES, cardBrand, checkCard, luhnValid } from '../../src/services/payments/test-card';

const now = new Date(Date.UTC(2026, 10, 25));
const valid = { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' };

describe('test card checks', () => {
  it.each([
    ['4242424242424242', true],
    ['4000000000000002', true],
    ['4000000000009995', true],
    ['5555555555554444', true],
    ['4242424242424241', false],
    ['', false],
  ])('Luhn of %s is %s', (digits, ok) => {
    expect(luhnValid(digits)).toBe(ok);
  });

  it.each([
    ['4242424242424242', 'visa'],
    ['5555555555554444', 'mastercard'],
    ['378282246310005', 'amex'],
    ['6011111111111117', 'discover'],
  ])('brand of %s is %s', (digits, brand) => {
    expect(cardBrand(digits)).toBe(brand);
  });

  it.each([
    ['4242 4242 4242 4242', 'success'],
    ['4000-0000-0000-0002', 'declined'],
    ['4000000000009995', 'insufficientFunds'],
    ['5555555555554444', 'success'],
  ])('%s has the documented outcome %s', (number, outcome) => {
    const checked = checkCard({ ...valid, number }, now);
    expect(checked.ok && checked.outcome).toBe(outcome);
  });

  it('accepts a card through the end of its expiry month and refuses it after', () => {
    expect(checkCard({ ...valid, expMonth: 11, expYear: 2026 }, now).ok).toBe(true);
    expect(checkCard({ ...valid, expMonth: 10, expYear: 2026 }, now)).toEqual({
      ok: false,
      errors: { expYear: CARD_MESSAGES.expired },
    });
  });

  it.each([
    [{ cvc: '1234' }, true],
    [{ cvc: '12345' }, false],
    [{ expMonth: 0 }, false],
    [{ expMonth: 1.5 }, false],
    [{ expYear: '2030' }, false],
  ])('%o → ok %s', (overrides, ok) => {
    expect(checkCard({ ...valid, ...overrides }, now).ok).toBe(ok);
  });
});
