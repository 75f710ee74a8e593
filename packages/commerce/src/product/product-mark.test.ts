import { describe, expect, it } from 'vitest';
import { product, variant } from '../../test/fixtures';
import { productMark } from './product-mark';
import { ProductType } from './product-types';

describe('productMark', () => {
  it.each([
    ['sold out and on sale: sold out wins', [variant({ qtyInStock: 0, onSale: true })], 'sold-out'],
    ['on sale with stock', [variant({ onSale: true })], 'sale'],
    ['neither', [variant()], null],
  ])('%s', (_name, variants, expected) => {
    expect(productMark(product({ productType: ProductType.PHYSICAL, variants }))).toBe(expected);
  });
});
