import { describe, expect, it } from 'vitest';
import { displayPriceCents, variantPriceCents } from './variant-price';

const v = (priceCents: number, salePriceCents = 0, onSale = false) => ({
  sku: `S${priceCents}`,
  priceCents,
  salePriceCents,
  onSale,
  qtyInStock: 1,
  unlimited: false,
  attributes: {},
  optionValues: [],
});

describe('variant prices', () => {
  it.each([
    [v(7200, 5400, true), 5400],
    [v(7200, 5400, false), 7200],
    [v(1600), 1600],
  ])('variantPriceCents(%o) = %i', (variant, cents) => {
    expect(variantPriceCents(variant)).toBe(cents);
  });

  it.each([
    [[v(7200, 5400, true), v(7200, 5400, true)], 5400],
    [[v(9500), v(16500)], 9500],
    [[v(3000), v(4000, 2500, true)], 2500],
    [[], 0],
  ])('displayPriceCents takes the lowest current price', (variants, cents) => {
    expect(displayPriceCents({ variants })).toBe(cents);
  });
});
