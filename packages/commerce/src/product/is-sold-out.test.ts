import { describe, expect, it } from 'vitest';
import { product, variant } from '../../test/fixtures';
import { isSoldOut } from './is-sold-out';
import { type ProductTypeCode, ProductType } from './product-types';

const none = variant({ qtyInStock: 0 });
const some = variant({ qtyInStock: 2 });
const unlimited = variant({ qtyInStock: 0, unlimited: true });

describe('isSoldOut', () => {
  it.each([
    ['physical, no stock', ProductType.PHYSICAL, [none, none], true],
    ['physical, one variant in stock', ProductType.PHYSICAL, [none, some], false],
    ['physical, unlimited variant', ProductType.PHYSICAL, [none, unlimited], false],
    ['physical, negative stock', ProductType.PHYSICAL, [variant({ qtyInStock: -1 })], true],
    ['physical, no variants', ProductType.PHYSICAL, [], true],
    ['service, no stock', ProductType.SERVICE, [none], true],
    ['service, in stock', ProductType.SERVICE, [some], false],
    ['digital, no stock', ProductType.DIGITAL, [none], false],
    ['gift card, no stock', ProductType.GIFT_CARD, [none], false],
    ['unknown type', 99 as ProductTypeCode, [some], true],
  ])('%s → %s', (_name, productType, variants, expected) => {
    expect(isSoldOut(product({ productType, variants }))).toBe(expected);
  });
});
