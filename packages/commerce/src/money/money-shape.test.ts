import { describe, expect, it } from 'vitest';
import { CommerceError } from '../messages/money';
import { fromMoneyShape, toMoneyShape } from './money-shape';

describe('money shapes', () => {
  it.each([
    [1250, 'USD', true, { value: '12.50', currency: 'USD' }],
    [1250, 'USD', false, { decimalValue: '12.50', currencyCode: 'USD' }],
    [1500, 'JPY', true, { value: '1500', currency: 'JPY' }],
    [-1, 'EUR', false, { decimalValue: '-0.01', currencyCode: 'EUR' }],
  ] as const)('toMoneyShape(%i, %s, useCLDRMoneyFormat=%s)', (minor, currency, cldr, expected) => {
    expect(toMoneyShape(minor, currency, cldr)).toEqual(expected);
  });

  it.each([
    [{ value: '12.50', currency: 'USD' }, 1250, 'USD'],
    [{ decimalValue: '9.99', currencyCode: 'EUR' }, 999, 'EUR'],
    [{ value: '100' }, 10000, 'USD'],
    [{ value: '3', currency: 0 }, 300, 'USD'],
    [{ decimalValue: 7, currencyCode: 'JPY' }, 7, 'JPY'],
  ])('fromMoneyShape(%j) is %i %s', (shape, minor, currency) => {
    expect(fromMoneyShape(shape)).toEqual({ minor, currency });
  });

  it.each([
    [null],
    ['12.50'],
    [{ value: '1.234', currency: 'USD' }],
    [{ value: '1', currency: 'ABC' }],
    [{ currency: 'USD' }],
  ])('fromMoneyShape(%j) throws a CommerceError', (shape) => {
    expect(() => fromMoneyShape(shape)).toThrow(CommerceError);
  });

  it('round-trips both shapes', () => {
    for (const minor of [0, 1, 99, 100, 123456789, -42]) {
      for (const cldr of [true, false]) {
        expect(fromMoneyShape(toMoneyShape(minor, 'SEK', cldr))).toEqual({ minor, currency: 'SEK' });
      }
    }
  });
});
