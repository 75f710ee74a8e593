import { describe, expect, it } from 'vitest';
import { applicableTaxRules } from './applicable-tax-rules';
import type { ShippingLocation, TaxRule } from './cart-types';
import { cartTax, cartTaxParts, includedPercentOf } from './cart-tax';

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

describe('cartTaxParts: added and included tax', () => {
  const vat = (extra: Partial<TaxRule> = {}): TaxRule => ({
    id: 'vat',
    name: 'VAT',
    ratePercent: '20',
    included: true,
    ...extra,
  });
  it.each([
    [
      'added tax is charged on top',
      [{ ...vat(), included: false }],
      1000,
      0,
      { taxCents: 200, includedTaxCents: 0 },
    ],
    ['included: the tax inside £12.00 at 20 %', [vat()], 1200, 0, { taxCents: 200, includedTaxCents: 200 }],
    ['included: rounded half up', [vat()], 1000, 0, { taxCents: 167, includedTaxCents: 167 }],
    [
      'included: shipping left out unless the rule says so',
      [vat()],
      1200,
      600,
      { taxCents: 200, includedTaxCents: 200 },
    ],
    [
      'included: shipping taxed too',
      [vat({ appliesToShipping: true })],
      1200,
      600,
      { taxCents: 300, includedTaxCents: 300 },
    ],
    [
      'both kinds: each on its own',
      [vat(), { id: 'x', name: 'Extra', ratePercent: '5' }],
      1200,
      0,
      { taxCents: 260, includedTaxCents: 200 },
    ],
    [
      'NY 8.88 % on $36.00',
      [{ id: 'ny', name: 'NY', ratePercent: '8.88' }],
      3600,
      500,
      { taxCents: 320, includedTaxCents: 0 },
    ],
  ] as [string, TaxRule[], number, number, { taxCents: number; includedTaxCents: number }][])(
    '%s',
    (_name, rules, taxable, shipping, expected) => {
      expect(cartTaxParts(rules, taxable, shipping)).toEqual(expected);
      expect(cartTax(rules, taxable, shipping)).toBe(expected.taxCents);
    },
  );

  it.each([
    [1200, '20', 200],
    [119, '19', 19],
    [10825, '8.25', 825],
    [0, '20', 0],
    [1, '20', 0],
  ])('includedPercentOf(%i, %s) = %i', (minor, percent, expected) => {
    expect(includedPercentOf(minor, percent)).toBe(expected);
  });

  it('refuses a negative amount or a bad percentage', () => {
    expect(() => includedPercentOf(-1, '20')).toThrowError(
      expect.objectContaining({ code: 'INVALID_MINOR_UNITS' }),
    );
    expect(() => includedPercentOf(100, 'x')).toThrowError(
      expect.objectContaining({ code: 'INVALID_PERCENTAGE' }),
    );
  });
});
