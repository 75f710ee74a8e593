import { describe, expect, it } from 'vitest';
import { shownTax } from './cart-tax';

describe('shownTax: the added and the included part of a tax amount', () => {
  it.each([
    [
      'added only (US sales tax)',
      { taxCents: 320, includedTaxCents: 0 },
      { addedCents: 320, includedCents: 0 },
    ],
    [
      'included only (UK VAT)',
      { taxCents: 200, includedTaxCents: 200 },
      { addedCents: 0, includedCents: 200 },
    ],
    ['both', { taxCents: 260, includedTaxCents: 200 }, { addedCents: 60, includedCents: 200 }],
    ['an order from before included tax', { taxCents: 150 }, { addedCents: 150, includedCents: 0 }],
    [
      'a null included amount',
      { taxCents: 150, includedTaxCents: null },
      { addedCents: 150, includedCents: 0 },
    ],
    [
      'included never above the tax',
      { taxCents: 100, includedTaxCents: 500 },
      { addedCents: 0, includedCents: 100 },
    ],
    ['no tax', { taxCents: 0, includedTaxCents: 0 }, { addedCents: 0, includedCents: 0 }],
  ])('%s', (_name, parts, expected) => {
    expect(shownTax(parts)).toEqual(expected);
  });
});
