import { describe, expect, it } from 'vitest';
import { fakeContext } from '../../testing/fake-context';
import { i18nMoneyFormat, legacyMoney } from './legacy-money';

const NBSP = '\u00a0';

describe('legacyMoney', () => {
  it.each([
    ['98765.4', 'USD', 'en-US', '$98,765.40'],
    ['-98765.4', 'USD', 'en-US', '-$98,765.40'],
    ['98765.4', 'NZD', 'en_GB', 'NZ$98,765.40'],
    ['98765.4', 'NOK', 'en-US', 'kr 98,765.40'],
    ['-98765.4', 'NOK', 'en-US', 'kr -98,765.40'],
    ['98765.4', 'EUR', 'de-DE', '98.765,40€'],
    ['98765.4', 'CAD', 'de-DE', '98.765,40 C$'],
    ['98765.4', 'GBP', 'fr-FR', `98${NBSP}765,40£`],
    ['98765.5', 'JPY', 'sv-SE', `98${NBSP}766¥`],
    ['98765.4', 'XYZ', 'en-US', 'XYZ 98,765.40'],
    ['oops', 'USD', 'en-US', undefined],
  ])('%s %s %s', (amount, currency, tag, expected) => {
    expect(legacyMoney(amount, currency, tag)).toBe(expected);
  });
});

describe('i18n-money-format', () => {
  const ctx = fakeContext({ locale: 'en-US' });
  it('formats money objects for the argument locale, else the render locale', () => {
    const m = { currencyCode: 'EUR', decimalValue: 12.5 };
    expect(i18nMoneyFormat(m, ['de-DE'], ctx, [])).toBe('12,50€');
    expect(i18nMoneyFormat(m, [], ctx, [])).toBe('€12.50');
  });

  it('passes other values through', () => {
    const obj = { foo: 'bar' };
    expect(i18nMoneyFormat(obj, ['en-US'], ctx, [])).toBe(obj);
  });
});
