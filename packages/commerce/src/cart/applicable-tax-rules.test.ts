import { describe, expect, it } from 'vitest';
import { applicableTaxRules } from './applicable-tax-rules';
import type { ShippingLocation, TaxRule } from './cart-types';
import { cartTax } from './cart-tax';

const rules: TaxRule[] = [
  { id: 'everywhere', name: 'All', ratePercent: '1' },
  { id: 'us', name: 'US', ratePercent: '2', country: 'US' },
  { id: 'ny', name: 'NY', ratePercent: '4', country: 'US', region: 'NY' },
  { id: 'gb', name: 'GB', ratePercent: '20', country: 'GB' },
];

describe('applicableTaxRules', () => {
  it.each([
    [null, ['everywhere']],
    [{ country: 'US' }, ['everywhere', 'us']],
    [{ country: 'us', region: 'ny' }, ['everywhere', 'us', 'ny']],
    [{ country: 'US', region: 'CA' }, ['everywhere', 'us']],
    [{ country: 'GB' }, ['everywhere', 'gb']],
    [{ country: 'FR' }, ['everywhere']],
  ])('%j → %j', (location, ids) => {
    expect(applicableTaxRules(rules, location as ShippingLocation | null).map((rule) => rule.id)).toEqual(
      ids,
    );
  });
});

describe('cartTax', () => {
  it.each([
    [[], 1000, 0, 0],
    [[{ id: 'a', name: 'A', ratePercent: '8.875' }], 1999, 500, 177],
    [[{ id: 'a', name: 'A', ratePercent: '10', appliesToShipping: true }], 1000, 500, 150],
    [[{ id: 'a', name: 'A', ratePercent: '10' }], -100, 0, 0],
  ])('rules %j on %i (+%i shipping) → %i', (taxRules, taxable, shipping, expected) => {
    expect(cartTax(taxRules as TaxRule[], taxable, shipping)).toBe(expected);
  });
});
