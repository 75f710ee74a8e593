import { describe, expect, it } from 'vitest';
import { hasDigital, purelyDigital, requiresShipping, totalQuantity } from './cart-flags';
import type { ProductTypeCode } from '../product/product-types';

const cart = (...types: ProductTypeCode[]) =>
  types.map((productType, i) => ({ productType, quantity: i + 1 }));

describe('cart flags', () => {
  it.each([
    ['empty', cart(), false, false, false],
    ['physical', cart(1), false, false, true],
    ['digital', cart(2), true, true, false],
    ['gift card', cart(4), true, true, false],
    ['service', cart(3), false, false, false],
    ['physical + digital', cart(1, 2), true, false, true],
    ['digital + service', cart(2, 3), true, false, false],
  ])(
    '%s: hasDigital %s, purelyDigital %s, requiresShipping %s',
    (_name, entries, digital, pure, shipping) => {
      expect(hasDigital(entries)).toBe(digital);
      expect(purelyDigital(entries)).toBe(pure);
      expect(requiresShipping(entries)).toBe(shipping);
    },
  );

  it.each([
    [[], 0],
    [[{ quantity: 3 }], 3],
    [[{ quantity: 2 }, { quantity: 5 }], 7],
  ])('totalQuantity(%j) is %i', (entries, expected) => {
    expect(totalQuantity(entries)).toBe(expected);
  });
});
