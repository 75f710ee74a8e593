import { describe, expect, it } from 'vitest';
import { parseDecimal } from '@store/commerce';
import { formatCurrency } from './money-string';

const fmt = (value: string, currency: string, args: string[], locale: string | null = 'en-US') =>
  formatCurrency(parseDecimal(value)!, currency, locale, args);

describe('currency formatting options', () => {
  it.each([
    ['1234.5', 'USD', [], '$1,234.50'],
    ['1234.5', 'USD', ['style:code'], '1,234.50 USD'],
    ['1234.5', 'USD', ['style:code', 'style:name'], '1,234.50 US dollars'],
    ['1234.5', 'USD', ['style:name'], '1,234.50 US dollars'],
    ['-5', 'USD', ['style:accounting'], '($5.00)'],
    ['123456', 'EUR', ['style:short'], '€123K'],
    ['1234.5', 'USD', ['no-group'], '$1234.50'],
    ['1234.5', 'USD', ['maxfrac:0'], '$1,234'],
    ['1234.5', 'USD', ['maxfrac:0', 'round:floor'], '$1,234'],
    ['1234.5', 'USD', ['maxfrac:0', 'round:ceil'], '$1,235'],
    ['2.5', 'USD', ['maxfrac:0'], '$2'],
    ['1.5', 'USD', ['minfrac:3', 'maxfrac:1'], '$1.500'],
    ['5', 'CAD', ['symbol:narrow'], '$5.00'],
    ['5', 'USD', ['bogus', 'style:weird', 'minint:x'], '$5.00'],
    ['-0.001', 'USD', [], '$0.00'],
    ['5', 'JPY', [], '¥5'],
    ['5', 'XYZ1', [], '5.00 XYZ1'],
  ])('%s %s %j', (value, currency, args, expected) => {
    expect(fmt(value, currency, args)).toBe(expected);
  });

  it.each([
    ['ja', '1,234.50EUR'],
    ['de-DE', '1.234,50 EUR'],
  ])('code style in %s', (locale, expected) => {
    expect(fmt('1234.5', 'EUR', ['style:code'], locale)).toBe(expected);
  });

  it('needs locale data', () => {
    expect(fmt('5', 'USD', [], null)).toBe('');
  });
});
