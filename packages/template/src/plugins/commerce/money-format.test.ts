import { describe, expect, it } from 'vitest';
import { fakeContext } from '../../testing/fake-context';
import {
  bookkeeperMoneyFormatter,
  moneyFormatFormatter,
  moneyStringFormatter,
  percentageFormatter,
} from './money-format';
import { moneyString } from './money-string';

const ctx = (locale: string | null = 'en-US', root: unknown = {}) => fakeContext({ locale, root });

describe('moneyFormat / money-format', () => {
  it.each([
    [12345, [], '123.45'],
    ['12345', [], '123.45'],
    [123456789, [], '1,234,567.89'],
    [5, [], '0.05'],
    [-250, [], '-2.50'],
    [12345, ['JPY'], '12,345'],
    [12345, ['EUR'], '123.45'],
  ])('%j %j -> %s', (value, args, expected) => {
    expect(moneyFormatFormatter(value, args, ctx(), [])).toBe(expected);
  });

  it.each([[{ value: 1 }], [undefined], ['abc'], [Number.NaN]])('prints nothing for %j', (value) => {
    expect(moneyFormatFormatter(value, [], ctx(), [])).toBe('');
  });

  it('keeps the native separators in every locale', () => {
    expect(moneyFormatFormatter(123456, [], ctx('de-DE'), [])).toBe('1,234.56');
    expect(moneyStringFormatter(123456, [], ctx(null), [])).toBe(
      '<span class="sqs-money-native">1,234.56</span>',
    );
  });

  it('money-string wraps it in the native money span', () => {
    expect(moneyStringFormatter(12345, [], ctx(), [])).toBe('<span class="sqs-money-native">123.45</span>');
    expect(moneyStringFormatter({}, [], ctx(), [])).toBe('');
  });
});

describe('bookkeeper-money-format', () => {
  it.each([
    ['en', 12345, '$123.45'],
    ['en-GB', 12345, '£123.45'],
    ['ja', 12345, '￥123'],
    ['en-US', 'oops', '$0.00'],
  ])('%s %j -> %s', (locale, value, expected) => {
    expect(bookkeeperMoneyFormatter(value, [], ctx(locale), [])).toBe(expected);
  });

  it('needs locale data', () => {
    expect(bookkeeperMoneyFormatter(12345, [], ctx(null), [])).toBe('');
  });
});

describe('percentage-format', () => {
  it.each([
    [12.5, [], 'en', '12.50'],
    [12.3456, [], 'en', '12.346'],
    [123456, ['trim'], 'en', '123,456'],
    ['A', ['trim'], 'en', '0'],
    [0.5, ['trim'], 'de-DE', '0,5'],
    ['12345678901234567890.1235', [], 'en', '12,345,678,901,234,567,890.124'],
    ['0.0005', [], 'en', '0.00'],
    ['-0.0001', ['trim'], 'en', '0'],
  ])('%j %j in %s -> %s', (value, args, locale, expected) => {
    expect(percentageFormatter(value, args, ctx(locale), [])).toBe(expected);
  });

  it('needs locale data', () => {
    expect(percentageFormatter(1, [], ctx(null), [])).toBe('');
  });
});

describe('moneyString', () => {
  const cldr = { featureFlags: { useCLDRMoneyFormat: true } };
  it.each([
    [{ value: '1234.5', currency: 'USD' }, 'en-US', {}, '<span class="sqs-money-native">1,234.50</span>'],
    [{ value: '2500', currency: 'JPY' }, 'en-US', {}, '<span class="sqs-money-native">2,500.00</span>'],
    [undefined, 'en-US', {}, '<span class="sqs-money-native">0.00</span>'],
    [{ value: '1.005' }, 'en-US', {}, '<span class="sqs-money-native">1.01</span>'],
    [{ value: '1.2345' }, 'en-US', {}, '<span class="sqs-money-native">1.23</span>'],
    [{ value: '1.015', currency: 'USD' }, 'en-US', cldr, '$1.02'],
    [{ value: '1234.5', currency: 'USD' }, 'en-US', cldr, '$1,234.50'],
    [{ value: '2500', currency: 'JPY' }, 'en-US', cldr, '¥2,500'],
    [{ value: '2500', currency: 'EUR' }, 'de-DE', cldr, '2.500,00\u00a0€'],
    [{ value: '10' }, 'en-US', cldr, '$10.00'],
    [{ value: '10', currency: 'USD' }, null, cldr, ''],
  ])('%j in %s', (money, locale, root, expected) => {
    expect(moneyString(money, [], ctx(locale, root))).toBe(expected);
  });

  it('passes currency style options through', () => {
    const c = ctx('en-US', cldr);
    expect(moneyString({ value: '5', currency: 'EUR' }, ['style:code'], c)).toBe('5.00 EUR');
  });
});
