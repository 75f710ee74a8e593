import { describe, expect, it } from 'vitest';
import { product, variant } from '../../test/fixtures';
import { ProductType } from './product-types';
import { showQuantityInput } from './show-quantity-input';

const stock = (qtyInStock: number, unlimited = false) => [variant({ qtyInStock, unlimited })];

describe('showQuantityInput', () => {
  it.each([
    ['physical with 5 in stock', ProductType.PHYSICAL, stock(5), false, undefined, true],
    ['physical with 1 in stock', ProductType.PHYSICAL, stock(1), false, undefined, false],
    [
      'physical with 2 in stock over two variants',
      ProductType.PHYSICAL,
      [...stock(1), ...stock(1)],
      false,
      undefined,
      true,
    ],
    ['physical unlimited', ProductType.PHYSICAL, stock(0, true), false, undefined, true],
    ['physical subscribable', ProductType.PHYSICAL, stock(5), true, undefined, false],
    ['service, default allows multiple', ProductType.SERVICE, stock(5), false, undefined, true],
    ['service, multiple not allowed', ProductType.SERVICE, stock(5), false, false, false],
    ['digital', ProductType.DIGITAL, stock(5), false, undefined, false],
    ['gift card', ProductType.GIFT_CARD, stock(5), false, undefined, false],
  ])('%s → %s', (_name, productType, variants, isSubscribable, allowed, expected) => {
    const settings = allowed === undefined ? {} : { multipleQuantityAllowedForServices: allowed };
    expect(showQuantityInput(product({ productType, variants, isSubscribable }), settings)).toBe(expected);
  });
});
