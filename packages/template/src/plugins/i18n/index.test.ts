import { describe, expect, it } from 'vitest';
import { fakeContext } from '../../testing/fake-context';
import { i18nPlugin } from './index';

const names = [
  'datetime',
  'datetime-interval',
  'decimal',
  'message',
  'money',
  'plural',
  'relative-time',
  'timesince',
  'unit',
  'i18n-money-format',
  'datetimefield',
];

describe('i18nPlugin', () => {
  it.each(names)('registers %s', (name) => {
    expect(typeof i18nPlugin.formatters?.[name]).toBe('function');
  });

  it.each(names.filter((n) => n !== 'timesince' && n !== 'i18n-money-format' && n !== 'datetimefield'))(
    '%s prints nothing without locale data',
    (name) => {
      const ctx = fakeContext({ locale: null, root: { n: 1 } });
      const value = name === 'money' ? { decimalValue: '1', currencyCode: 'USD' } : '1';
      expect(i18nPlugin.formatters?.[name]?.(value, ['in:meter'], ctx, [2])).toBe('');
    },
  );

  it('timesince says Invalid date. without locale data', () => {
    expect(i18nPlugin.formatters?.timesince?.(1, [], fakeContext({ locale: null }), [])).toBe(
      'Invalid date.',
    );
  });
});
