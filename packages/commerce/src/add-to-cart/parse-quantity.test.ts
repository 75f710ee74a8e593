import { describe, expect, it } from 'vitest';
import { parseQuantity } from './parse-quantity';

describe('parseQuantity', () => {
  it.each([[1], ['1'], ['42'], [9999], ['9999'], ['3.0']])('accepts %j', (raw) => {
    expect(parseQuantity(raw)).toEqual({ ok: true, quantity: Number(raw) });
  });

  // Only decimal whole numbers are quantities (Number() took all of these).
  it.each([['0x10'], ['1e3'], [' 2 '], ['+3'], ['0b11'], ['2\n']])('refuses %j as not a number', (raw) => {
    expect(parseQuantity(raw)).toMatchObject({ ok: false, code: 'QUANTITY_NOT_A_NUMBER' });
  });

  it.each([
    ['abc', 'QUANTITY_NOT_A_NUMBER', 'Quantity must be a number.'],
    ['', 'QUANTITY_NOT_A_NUMBER', 'Quantity must be a number.'],
    [null, 'QUANTITY_NOT_A_NUMBER', 'Quantity must be a number.'],
    [Number.NaN, 'QUANTITY_NOT_A_NUMBER', 'Quantity must be a number.'],
    [Number.POSITIVE_INFINITY, 'QUANTITY_NOT_A_NUMBER', 'Quantity must be a number.'],
    ['1.5', 'QUANTITY_NOT_WHOLE', 'Quantity must be a whole number'],
    [2.25, 'QUANTITY_NOT_WHOLE', 'Quantity must be a whole number'],
    [0, 'QUANTITY_OUT_OF_RANGE', 'Quantity must be between 1 and 9999.'],
    ['-1', 'QUANTITY_OUT_OF_RANGE', 'Quantity must be between 1 and 9999.'],
    [10000, 'QUANTITY_OUT_OF_RANGE', 'Quantity must be between 1 and 9999.'],
  ])('rejects %j with %s', (raw, code, message) => {
    expect(parseQuantity(raw)).toEqual({ ok: false, code, message });
  });
});
