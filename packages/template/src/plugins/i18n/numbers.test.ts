import { describe, expect, it } from 'vitest';
import { fakeContext } from '../../testing/fake-context';
import { decimal, money } from './numbers';

const en = fakeContext({ locale: 'en' });
const de = fakeContext({ locale: 'de-DE' });

describe('decimal', () => {
  it.each([
    ['9876543.21', [], en, '9,876,543.21'],
    [9876543.21, ['no-group'], en, '9876543.21'],
    ['9876543.21', ['maxfrac:0'], en, '9,876,543'],
    ['0.5', ['style:percent'], en, '50%'],
    ['9876543.21', ['style:short'], en, '9.9M'],
    ['9876543.21', ['style:long'], en, '9.9 million'],
    ['2.25', ['maximumFractionDigits:1', 'round:down'], en, '2.2'],
    ['2.25', ['maxfrac:1', 'round:up'], en, '2.3'],
    ['7', ['minfrac:2'], en, '7.00'],
    ['9876543.21', [], de, '9.876.543,21'],
    ['abc', [], en, ''],
    [{}, [], en, ''],
  ])('%j %j', (value, args, ctx, expected) => {
    expect(decimal(value, args, ctx, [])).toBe(expected);
  });

  it('outputs nothing without locale data', () => {
    expect(decimal('1', [], fakeContext({ locale: null }), [])).toBe('');
  });
});

describe('money', () => {
  it.each([
    [{ decimalValue: '1999.5', currencyCode: 'USD' }, [], en, '$1,999.50'],
    [{ value: '1999.5', currency: 'EUR' }, [], en, '€1,999.50'],
    [{ decimalValue: '1999.5', currencyCode: 'EUR' }, [], de, '1.999,50\u00a0€'],
    [{ decimalValue: '1999.5', currencyCode: 'USD' }, ['style:code'], en, '1,999.50 USD'],
    [{ decimalValue: '1999.5', currencyCode: 'GBP' }, ['style:name'], en, '1,999.50 British pounds'],
    [{ decimalValue: '1999', currencyCode: 'JPY' }, [], en, '¥1,999'],
    [{ decimalValue: 'x', currencyCode: 'USD' }, [], en, ''],
    [{ foo: 1 }, [], en, ''],
    ['12', [], en, ''],
  ])('%j %j', (value, args, ctx, expected) => {
    expect(money(value, args, ctx, [])).toBe(expected);
  });
});

describe('locale data', () => {
  it('falls back to English for a language without a pack', () => {
    expect(decimal('1234.5', [], fakeContext({ locale: 'xx-YY' }), [])).toBe('1,234.5');
  });

  it('accepts Java-style tags', () => {
    expect(decimal('1234.5', [], fakeContext({ locale: 'de_DE' }), [])).toBe('1.234,5');
  });
});
