import { describe, expect, it } from 'vitest';
import { CURRENCIES, CURRENCY_CODES, CommerceError, currencyInfo, isCurrencyCode } from '../index';

describe('currencies', () => {
  it('has the 27 currencies of the spec', () => {
    expect(CURRENCY_CODES).toHaveLength(27);
    expect(Object.keys(CURRENCIES).sort()).toEqual([...CURRENCY_CODES].sort());
  });

  it.each(CURRENCY_CODES)('%s has minor digits 2, except JPY 0', (code) => {
    expect(CURRENCIES[code].minorDigits).toBe(code === 'JPY' ? 0 : 2);
    expect(CURRENCIES[code].symbol.length).toBeGreaterThan(0);
  });

  it.each(CURRENCY_CODES)(
    '%s places its symbol after the value only for DKK, NOK, SEK, CZK, RUB, PLN',
    (code) => {
      expect(CURRENCIES[code].symbolAfter).toBe(['DKK', 'NOK', 'SEK', 'CZK', 'RUB', 'PLN'].includes(code));
    },
  );

  it.each(['USD', 'GBP', 'JPY'])('%s uses comma thousands and point decimals by default', (code) => {
    expect(currencyInfo(code)).toMatchObject({ thousandsSeparator: ',', decimalSeparator: '.' });
  });

  it.each([['usd'], ['XYZ'], [''], ['constructor']])('rejects %j', (code) => {
    expect(isCurrencyCode(code)).toBe(false);
    expect(() => currencyInfo(code)).toThrow(CommerceError);
  });
});
