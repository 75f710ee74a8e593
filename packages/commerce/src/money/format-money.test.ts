import { describe, expect, it } from 'vitest';
import { CommerceError } from '../messages/money';
import { formatMoney } from './format-money';
import { subtotalText } from './subtotal-text';

describe('formatMoney', () => {
  it.each([
    [123450, 'USD', '$1,234.50'],
    [123450, 'DKK', '1.234,50 kr'],
    [123450, 'SEK', '1.234,50 kr'],
    [99, 'PLN', '0,99 zł'],
    [0, 'USD', '$0.00'],
    [5, 'EUR', '€0.05'],
    [-999, 'GBP', '-£9.99'],
    [-123456, 'NOK', '-1.234,56 kr'],
    [1500, 'JPY', '¥1,500'],
    [100000000, 'USD', '$1,000,000.00'],
    [123456, 'CHF', 'CHF 1,234.56'],
    [Number.MAX_SAFE_INTEGER, 'USD', '$90,071,992,547,409.91'],
  ])('formatMoney(%i, %s) is %s', (minor, currency, expected) => {
    expect(formatMoney(minor, currency)).toBe(expected);
  });

  it.each([
    [1200, 'USD', '$12'],
    [1250, 'USD', '$12.50'],
    [1205, 'USD', '$12.05'],
    [120000, 'DKK', '1.200 kr'],
    [0, 'EUR', '€0'],
    [1500, 'JPY', '¥1,500'],
  ])('subtotalText(%i, %s) trims zero fractions: %s', (minor, currency, expected) => {
    expect(subtotalText(minor, currency)).toBe(expected);
  });

  it.each([[1.5], [Number.NaN], [Number.POSITIVE_INFINITY], [2 ** 53]])(
    'rejects non-integer minor units %d',
    (minor) => {
      expect(() => formatMoney(minor, 'USD')).toThrow(CommerceError);
    },
  );

  it('rejects an unknown currency with a stable code', () => {
    expect(() => formatMoney(100, 'XXX')).toThrowError(
      expect.objectContaining({ code: 'UNSUPPORTED_CURRENCY' }),
    );
  });
});
