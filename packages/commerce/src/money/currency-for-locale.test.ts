import { describe, expect, it } from 'vitest';
import { currencyForLocale } from './currency-for-locale';

describe('currencyForLocale', () => {
  it.each([
    ['en', 'USD'],
    ['en-US', 'USD'],
    ['en-GB', 'GBP'],
    ['fr-FR', 'EUR'],
    ['de', 'EUR'],
    ['ja', 'JPY'],
    ['sv-SE', 'SEK'],
    ['pl-PL', 'PLN'],
    ['xx-ZZ', 'USD'],
  ])('region currency of %s is %s', (locale, currency) => {
    expect(currencyForLocale(locale)).toBe(currency);
  });
});
