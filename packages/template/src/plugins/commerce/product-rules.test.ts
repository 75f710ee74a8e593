import { stockFacts, totalStock } from '@store/commerce';
import { describe, expect, it } from 'vitest';
import {
  hasVariants,
  hasVariedPrices,
  isOnSale,
  isSoldOut,
  itemVariantOptions,
  productType,
  showsQuantityInput,
  variantDescriptor,
} from './product-rules';

const product = (productType: unknown, variants?: unknown[], extra: Record<string, unknown> = {}) => ({
  structuredContent: { productType, variants, ...extra },
});

describe('productType', () => {
  it.each([
    [1, 1],
    ['3', 3],
    [4, 4],
    [5, 5],
    [undefined, undefined],
    ['x', undefined],
  ])('%s -> %s', (code, expected) => {
    expect(productType(product(code))).toBe(expected);
  });
});

describe('hasVariants', () => {
  it.each([
    ['physical with two variants', product(1, [{}, {}]), true],
    ['physical with one variant', product(1, [{}]), false],
    ['digital never', product(2, [{}, {}]), false],
    ['unknown type with variants', product(undefined, [{}, {}, {}]), true],
    ['no variants', product(1), false],
  ])('%s', (_name, item, expected) => {
    expect(hasVariants(item)).toBe(expected);
  });
});

describe('isOnSale', () => {
  it.each([
    ['physical, one variant on sale', product(1, [{ onSale: false }, { onSale: true }]), true],
    ['service, none on sale', product(3, [{ onSale: false }]), false],
    ['digital item flag', product(2, [], { onSale: true }), true],
    ['digital ignores variants', product(2, [{ onSale: true }]), false],
    ['gift card never', product(4, [{ onSale: true }]), false],
    ['unknown type', product(9, [{ onSale: true }]), false],
  ])('%s', (_name, item, expected) => {
    expect(isOnSale(item)).toBe(expected);
  });
});

describe('isSoldOut and total stock', () => {
  it.each([
    ['physical without stock', product(1, [{ qtyInStock: 0 }, { qtyInStock: 0 }]), true, 0],
    ['physical with stock', product(1, [{ qtyInStock: 0 }, { qtyInStock: 4 }]), false, 4],
    [
      'service with unlimited variant',
      product(3, [{ qtyInStock: 0, unlimited: true }]),
      false,
      Number.MAX_SAFE_INTEGER,
    ],
    ['physical, no variants', product(1, []), true, 0],
    ['digital', product(2), false, Number.MAX_SAFE_INTEGER],
    ['gift card', product(4, [{ qtyInStock: 0 }]), false, Number.MAX_SAFE_INTEGER],
    ['unknown type is always sold out', product(undefined, [{ qtyInStock: 9 }]), true, 9],
  ])('%s', (_name, item, soldOut, stock) => {
    expect(isSoldOut(item)).toBe(soldOut);
    const level = totalStock(stockFacts(item));
    expect(level.unlimited ? Number.MAX_SAFE_INTEGER : level.quantity).toBe(stock);
  });
});

describe('hasVariedPrices', () => {
  it.each([
    ['same prices', [{ price: 100 }, { price: 100 }], false],
    ['different prices', [{ price: 100 }, { price: 200 }], true],
    ['one on sale', [{ price: 100, onSale: true, salePrice: 50 }, { price: 100 }], true],
    [
      'both on sale, different sale prices',
      [
        { price: 1, onSale: true, salePrice: 5 },
        { price: 1, onSale: true, salePrice: 6 },
      ],
      true,
    ],
    [
      'sale prices ignored when not on sale',
      [
        { price: 1, salePrice: 5 },
        { price: 1, salePrice: 6 },
      ],
      false,
    ],
    ['single variant', [{ price: 100 }], false],
  ])('%s', (_name, variants, expected) => {
    expect(hasVariedPrices(product(1, variants))).toBe(expected);
  });

  it('is false for digital products', () => {
    expect(hasVariedPrices(product(2, [{ price: 1 }, { price: 2 }]))).toBe(false);
  });
});

describe('showsQuantityInput', () => {
  const stocked = [{ qtyInStock: 2 }];
  it.each([
    ['physical with 2 units', product(1, stocked), undefined, true],
    ['physical with 1 unit', product(1, [{ qtyInStock: 1 }]), undefined, false],
    ['subscription', product(1, stocked, { isSubscribable: true }), undefined, false],
    ['service by default', product(3, stocked), undefined, true],
    [
      'service when disallowed',
      product(3, stocked),
      { storeSettings: { multipleQuantityAllowedForServices: false } },
      false,
    ],
    ['digital', product(2), undefined, false],
  ])('%s', (_name, item, settings, expected) => {
    expect(showsQuantityInput(item, settings)).toBe(expected);
  });
});

describe('itemVariantOptions', () => {
  it('collects distinct values per ordered option, skipping unordered attributes', () => {
    const item = {
      structuredContent: {
        variantOptionOrdering: ['size', 'colour'],
        variants: [
          { attributes: { colour: 'red', size: 'S', extra: 'x' } },
          { attributes: { colour: 'blue', size: 'S' } },
          { attributes: { colour: 'red', size: 'M' } },
          { attributes: null },
        ],
      },
    };
    expect(itemVariantOptions(item)).toEqual([
      { name: 'size', values: ['S', 'M'] },
      { name: 'colour', values: ['red', 'blue'] },
    ]);
  });

  it('is empty for fewer than two variants', () => {
    const item = {
      structuredContent: { variantOptionOrdering: ['a'], variants: [{ attributes: { a: '1' } }] },
    };
    expect(itemVariantOptions(item)).toEqual([]);
  });
});

describe('variantDescriptor', () => {
  it.each([
    [{ optionValues: [{ value: 'Large' }, { value: 'Red' }] }, 'Large / Red'],
    [{ optionValues: [{ value: 'One' }] }, 'One'],
    [{}, ''],
    ['text', ''],
  ])('%j -> %s', (variant, expected) => {
    expect(variantDescriptor(variant)).toBe(expected);
  });
});
