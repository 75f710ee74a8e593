import { describe, expect, it } from 'vitest';
import { product, variant } from '../../test/fixtures';
import { ProductType } from './product-types';
import { totalStock } from './total-stock';

describe('totalStock', () => {
  it.each([
    [
      'sum of physical variants',
      ProductType.PHYSICAL,
      [variant({ qtyInStock: 2 }), variant({ qtyInStock: 3 })],
      { unlimited: false, quantity: 5 },
    ],
    [
      'negatives count as zero',
      ProductType.PHYSICAL,
      [variant({ qtyInStock: -4 }), variant({ qtyInStock: 1 })],
      { unlimited: false, quantity: 1 },
    ],
    [
      'any unlimited variant',
      ProductType.SERVICE,
      [variant({ qtyInStock: 2 }), variant({ unlimited: true })],
      { unlimited: true },
    ],
    ['digital', ProductType.DIGITAL, [variant({ qtyInStock: 0 })], { unlimited: true }],
    ['gift card', ProductType.GIFT_CARD, [variant({ qtyInStock: 0 })], { unlimited: true }],
    ['no variants', ProductType.PHYSICAL, [], { unlimited: false, quantity: 0 }],
  ])('%s', (_name, productType, variants, expected) => {
    expect(totalStock(product({ productType, variants }))).toEqual(expected);
  });
});
