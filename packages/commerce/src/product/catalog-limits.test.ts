import { describe, expect, it } from 'vitest';
import {
  LOW_STOCK_THRESHOLD,
  canBeSubscription,
  productStockState,
  variantStockState,
} from './catalog-limits';

describe('stock states', () => {
  it.each([
    [1, { unlimited: false, qtyInStock: 0 }, 'out'],
    [1, { unlimited: false, qtyInStock: 1 }, 'low'],
    [3, { unlimited: false, qtyInStock: LOW_STOCK_THRESHOLD }, 'low'],
    [1, { unlimited: false, qtyInStock: LOW_STOCK_THRESHOLD + 1 }, 'in_stock'],
    [1, { unlimited: true, qtyInStock: 0 }, 'unlimited'],
    [2, { unlimited: false, qtyInStock: 0 }, 'unlimited'],
    [4, { unlimited: false, qtyInStock: 0 }, 'unlimited'],
  ])('type %i, %j → %s', (type, variant, state) => {
    expect(variantStockState(type, variant)).toBe(state);
  });

  it('a product sums its variants (negatives as 0); any unlimited variant makes it unlimited', () => {
    const v = (qtyInStock: number, unlimited = false) => ({ qtyInStock, unlimited });
    expect(productStockState(1, [v(3), v(3)])).toBe('in_stock');
    expect(productStockState(1, [v(3), v(-2)])).toBe('low');
    expect(productStockState(1, [v(0), v(0)])).toBe('out');
    expect(productStockState(1, [v(0), v(0, true)])).toBe('unlimited');
    expect(productStockState(4, [v(0)])).toBe('unlimited');
  });

  it.each([
    [1, true],
    [2, false],
    [3, true],
    [4, false],
  ])('type %i can be a subscription: %s', (type, can) => {
    expect(canBeSubscription(type)).toBe(can);
  });
});
