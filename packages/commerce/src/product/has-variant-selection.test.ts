import { describe, expect, it } from 'vitest';
import { product, variant } from '../../test/fixtures';
import { hasVariantSelection } from './has-variant-selection';
import { ProductType } from './product-types';

describe('hasVariantSelection', () => {
  it.each([
    [ProductType.PHYSICAL, 2, true],
    [ProductType.PHYSICAL, 1, false],
    [ProductType.SERVICE, 3, true],
    [ProductType.GIFT_CARD, 3, true],
    [ProductType.DIGITAL, 3, false],
    [ProductType.PHYSICAL, 0, false],
  ])('type %i with %i variants → %s', (productType, count, expected) => {
    const variants = Array.from({ length: count }, (_, i) => variant({ sku: `V${i}` }));
    expect(hasVariantSelection(product({ productType, variants }))).toBe(expected);
  });
});
