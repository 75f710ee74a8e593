import { describe, expect, it } from 'vitest';
import { fakeContext } from '../../testing/fake-context';
import { compareDecimal, decimalToString, movePoint, parseDecimal } from '@store/commerce';
import { fromPriceFormatter, normalPriceFormatter, salePriceFormatter } from './legacy-prices';
import { pricingOptionsOfLowestVariant } from './prices';

describe('decimal', () => {
  it.each([
    ['100', 2, '10000'],
    ['12.50', 2, '1250'],
    ['1.234', 2, '123.4'],
    ['-0.5', 2, '-50'],
    ['1e3', 0, '1000'],
    ['12345', -2, '123.45'],
    ['5', -3, '0.005'],
  ])('%s moved by %i is %s', (text, n, expected) => {
    const d = parseDecimal(text);
    expect(d).toBeDefined();
    expect(decimalToString(movePoint(d!, n))).toBe(expected);
  });

  it.each([[''], ['abc'], ['1.2.3'], ['.'], ['1e'], [' 12 '], ['1,000']])('rejects %j', (text) => {
    expect(parseDecimal(text)).toBeUndefined();
  });

  it('compares exactly', () => {
    expect(compareDecimal(parseDecimal('0.3')!, parseDecimal('0.30')!)).toBe(0);
    expect(compareDecimal(parseDecimal('10')!, parseDecimal('9.99')!)).toBe(1);
    expect(compareDecimal(parseDecimal('-1')!, parseDecimal('0')!)).toBe(-1);
  });
});

const money = (value: string, currency = 'USD') => ({ value, currency });
const item = (productType: number, variants: unknown[], extra: Record<string, unknown> = {}) => ({
  structuredContent: { productType, variants, ...extra },
});

describe('legacy price formatters', () => {
  const ctx = fakeContext({});
  const variants = [
    { priceMoney: money('30'), onSale: true, salePriceMoney: money('12.5') },
    { priceMoney: money('20') },
    { priceMoney: money('45'), onSale: true, salePriceMoney: money('15') },
  ];
  it.each([
    ['from-price', fromPriceFormatter, item(1, variants), '1250'],
    ['normal-price', normalPriceFormatter, item(1, variants), '4500'],
    ['sale-price', salePriceFormatter, item(3, variants), '1250'],
    ['from-price without variants', fromPriceFormatter, item(1, []), '0'],
    ['sale-price with nothing on sale', salePriceFormatter, item(1, [{ priceMoney: money('5') }]), '0'],
    ['sale-price of a gift card', salePriceFormatter, item(4, variants), '0'],
    [
      'normal-price of a digital product',
      normalPriceFormatter,
      item(2, [], { priceMoney: money('9.99') }),
      '999',
    ],
    [
      'sale-price of a digital product',
      salePriceFormatter,
      item(2, [], { salePriceMoney: money('7') }),
      '700',
    ],
    ['from-price of an unknown type', fromPriceFormatter, { structuredContent: {} }, '0'],
  ])('%s', (_name, formatter, product, expected) => {
    expect(formatter(product, [], ctx, [])).toBe(expected);
  });
});

describe('pricingOptionsOfLowestVariant', () => {
  it('takes the options of the cheapest variant, counting sale prices', () => {
    const product = item(1, [
      { priceMoney: money('10'), pricingOptions: ['a'] },
      { priceMoney: money('20'), onSale: true, salePriceMoney: money('5'), pricingOptions: ['b'] },
      { priceMoney: money('5'), pricingOptions: ['c'] },
    ]);
    expect(pricingOptionsOfLowestVariant(product)).toEqual(['b']);
  });

  it('is undefined for digital products', () => {
    expect(pricingOptionsOfLowestVariant(item(2, [{ pricingOptions: ['a'] }]))).toBeUndefined();
  });
});
