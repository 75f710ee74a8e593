import { describe, expect, it } from 'vitest';
import type { Coupon } from './cart-types';
import { evaluateCoupons } from './evaluate-coupons';

const pct = (code: string, percent: string, extra: Partial<Coupon> = {}) =>
  ({ type: 'PERCENTAGE', code, percent, ...extra }) as Coupon;
const fixed = (code: string, amountCents: number, extra: Partial<Coupon> = {}) =>
  ({ type: 'FIXED_AMOUNT', code, amountCents, ...extra }) as Coupon;
const NOW = 1_700_000_000_000;

describe('evaluateCoupons', () => {
  it.each([
    [
      'minimum subtotal not met',
      pct('TEN', '10', { minSubtotalCents: 5000 }),
      'COUPON_MIN_SUBTOTAL_NOT_MET',
      'This coupon requires an order subtotal of $50.00 or more.',
    ],
    ['expired', fixed('OLD', 100, { expiresAt: NOW }), 'COUPON_EXPIRED', 'This coupon has expired.'],
    [
      'not started',
      fixed('SOON', 100, { startsAt: NOW + 1 }),
      'COUPON_NOT_STARTED',
      'This coupon is not active yet.',
    ],
    ['percentage above 100', pct('WOW', '100.5'), 'COUPON_MALFORMED', 'This coupon is not valid.'],
    ['percentage not a number', pct('BAD', 'ten'), 'COUPON_MALFORMED', 'This coupon is not valid.'],
    ['negative fixed amount', fixed('NEG', -100), 'COUPON_MALFORMED', 'This coupon is not valid.'],
    ['fractional fixed amount', fixed('FRAC', 1.5), 'COUPON_MALFORMED', 'This coupon is not valid.'],
    [
      'usage limit reached',
      fixed('ONCE', 100, { usageLimit: 1, timesUsed: 1 }),
      'COUPON_USED_UP',
      'This coupon has reached its usage limit.',
    ],
    [
      'free shipping under its minimum',
      { type: 'FREE_SHIPPING', code: 'SHIP', minSubtotalCents: 5000 } as Coupon,
      'COUPON_MIN_SUBTOTAL_NOT_MET',
      'This coupon requires an order subtotal of $50.00 or more.',
    ],
    [
      'free shipping not started',
      { type: 'FREE_SHIPPING', code: 'S', startsAt: NOW + 1 } as Coupon,
      'COUPON_NOT_STARTED',
      'This coupon is not active yet.',
    ],
  ])('%s', (_name, coupon, code, message) => {
    const result = evaluateCoupons([coupon], 4999, 'USD', NOW);
    expect(result.validCoupons).toEqual([]);
    expect(result.invalidCoupons).toEqual([{ coupon, code, message }]);
    expect(result.discountCents).toBe(0);
  });

  it.each([
    [[pct('TEN', '10')], 2599, 260],
    [[pct('ALL', '100.00')], 2599, 2599],
    [[fixed('FIVE', 500)], 2599, 500],
    [[pct('TEN', '10'), fixed('FIVE', 500)], 10000, 1500],
    [[fixed('BIG', 5000)], 1000, 1000],
    [[pct('MIN', '10', { minSubtotalCents: 1000 })], 1000, 100],
  ])('%j on %i gives a discount of %i', (coupons, subtotal, discount) => {
    expect(evaluateCoupons(coupons, subtotal, 'USD').discountCents).toBe(discount);
  });

  it('rejects a repeated code, case-insensitively', () => {
    const result = evaluateCoupons([pct('ten', '10'), pct('TEN', '10')], 1000, 'USD');
    expect(result.validCoupons).toHaveLength(1);
    expect(result.invalidCoupons[0]).toMatchObject({
      code: 'COUPON_DUPLICATE',
      message: 'This coupon has already been applied.',
    });
    expect(result.discountCents).toBe(100);
  });

  it('ignores validity windows when no time is given', () => {
    expect(evaluateCoupons([fixed('OLD', 100, { expiresAt: 1 })], 1000, 'USD').validCoupons).toHaveLength(1);
  });

  it.each([
    ['no limit', null, 50, true],
    ['below the limit', 3, 2, true],
    ['at the limit', 3, 3, false],
    ['over the limit (never stored, still refused)', 3, 4, false],
  ])('usage: %s', (_name, usageLimit, timesUsed, valid) => {
    const result = evaluateCoupons([fixed('C', 100, { usageLimit, timesUsed })], 1000, 'USD', NOW);
    expect(result.validCoupons.length === 1).toBe(valid);
  });

  it.each([
    ['inside its window', NOW - 1, NOW + 1, true],
    ['starts exactly now', NOW, null, true],
    ['ends exactly now', null, NOW, false],
  ])('dates: %s', (_name, startsAt, expiresAt, valid) => {
    const result = evaluateCoupons([pct('D', '10', { startsAt, expiresAt })], 1000, 'USD', NOW);
    expect(result.validCoupons.length === 1).toBe(valid);
  });

  it('a free-shipping coupon discounts nothing and sets freeShipping', () => {
    const result = evaluateCoupons(
      [{ type: 'FREE_SHIPPING', code: 'SHIP' }, pct('TEN', '10')],
      1000,
      'USD',
      NOW,
    );
    expect(result).toMatchObject({ discountCents: 100, freeShipping: true });
    expect(result.validCoupons.map((c) => c.code)).toEqual(['SHIP', 'TEN']);
  });
});
