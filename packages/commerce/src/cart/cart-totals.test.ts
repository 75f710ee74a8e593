import { describe, expect, it } from 'vitest';
import { entry, randomInt, rng } from '../../test/fixtures';
import type { Coupon, ShippingOption, TaxRule } from './cart-types';
import { cartTotals } from './cart-totals';
import { ProductType, type ProductTypeCode } from '../product/product-types';

const ship: ShippingOption = { id: 'std', name: 'Standard', costCents: 500 };
const ny: TaxRule = { id: 'ny', name: 'NY', ratePercent: '8.875' };
const base = { taxRules: [], coupons: [], selectedShippingOption: null, currency: 'USD' as const };

describe('cartTotals', () => {
  it.each([
    [
      'empty cart',
      { ...base, entries: [] },
      { subtotalCents: 0, discountCents: 0, shippingCostCents: 0, taxCents: 0, grandTotalCents: 0 },
    ],
    [
      'subtotal is price × quantity',
      {
        ...base,
        entries: [entry({ purchasePriceCents: 1250, quantity: 2 }), entry({ purchasePriceCents: 99 })],
      },
      { subtotalCents: 2599, grandTotalCents: 2599 },
    ],
    [
      'shipping when something ships',
      { ...base, entries: [entry()], selectedShippingOption: ship },
      { shippingCostCents: 500, grandTotalCents: 1500 },
    ],
    [
      'no shipping for digital only',
      { ...base, entries: [entry({ productType: ProductType.DIGITAL })], selectedShippingOption: ship },
      { shippingCostCents: 0, grandTotalCents: 1000 },
    ],
    [
      'tax rounded to whole cents',
      { ...base, entries: [entry({ purchasePriceCents: 1999 })], taxRules: [ny] },
      { taxCents: 177, grandTotalCents: 2176 },
    ],
    [
      'tax on shipping when the rule says so',
      {
        ...base,
        entries: [entry()],
        selectedShippingOption: ship,
        taxRules: [{ ...ny, ratePercent: '10', appliesToShipping: true }],
      },
      { taxCents: 150, grandTotalCents: 1650 },
    ],
    [
      'each rule rounds on its own',
      {
        ...base,
        entries: [entry({ purchasePriceCents: 5 })],
        taxRules: [
          { ...ny, ratePercent: '10' },
          { ...ny, id: 'b', ratePercent: '10' },
        ],
      },
      { taxCents: 2 },
    ],
    [
      'tax after discount',
      {
        ...base,
        entries: [entry({ purchasePriceCents: 10000 })],
        taxRules: [{ ...ny, ratePercent: '10' }],
        coupons: [{ type: 'FIXED_AMOUNT', code: 'OFF20', amountCents: 2000 }] as Coupon[],
      },
      { discountCents: 2000, taxCents: 800, grandTotalCents: 8800 },
    ],
    [
      'percentage coupon',
      {
        ...base,
        entries: [entry({ purchasePriceCents: 2599 })],
        coupons: [{ type: 'PERCENTAGE', code: 'TEN', percent: '10' }] as Coupon[],
      },
      { discountCents: 260, grandTotalCents: 2339 },
    ],
    [
      'discount capped at subtotal',
      {
        ...base,
        entries: [entry({ purchasePriceCents: 500 })],
        selectedShippingOption: ship,
        coupons: [{ type: 'FIXED_AMOUNT', code: 'BIG', amountCents: 900 }] as Coupon[],
      },
      { discountCents: 500, grandTotalCents: 500 },
    ],
    [
      'free-shipping coupon: shipping costs nothing, tax on shipping too',
      {
        ...base,
        entries: [entry()],
        selectedShippingOption: ship,
        taxRules: [{ ...ny, ratePercent: '10', appliesToShipping: true }],
        coupons: [{ type: 'FREE_SHIPPING', code: 'SHIP' }] as Coupon[],
      },
      { shippingCostCents: 0, discountCents: 0, taxCents: 100, grandTotalCents: 1100 },
    ],
    [
      'free-shipping coupon below its minimum: shipping charged',
      {
        ...base,
        entries: [entry()],
        selectedShippingOption: ship,
        coupons: [{ type: 'FREE_SHIPPING', code: 'SHIP', minSubtotalCents: 2000 }] as Coupon[],
      },
      { shippingCostCents: 500, grandTotalCents: 1500 },
    ],
    [
      'included tax: shown, total unchanged',
      {
        ...base,
        entries: [entry({ purchasePriceCents: 1200 })],
        selectedShippingOption: ship,
        taxRules: [{ ...ny, ratePercent: '20', included: true, appliesToShipping: true }],
      },
      { taxCents: 283, includedTaxCents: 283, grandTotalCents: 1700 },
    ],
    [
      'NY buyer: $36.00 + $5.00 shipping + 8.88 % tax on the goods',
      {
        ...base,
        entries: [entry({ purchasePriceCents: 1800, quantity: 2 })],
        selectedShippingOption: ship,
        taxRules: [{ ...ny, ratePercent: '8.88' }],
      },
      {
        subtotalCents: 3600,
        shippingCostCents: 500,
        taxCents: 320,
        includedTaxCents: 0,
        grandTotalCents: 4420,
      },
    ],
  ])('%s', (_name, input, expected) => {
    expect(cartTotals(input)).toMatchObject(expected);
  });

  it.each([
    ['fractional price', [entry({ purchasePriceCents: 10.5 })], null, 'INVALID_CART_ENTRY'],
    ['negative price', [entry({ purchasePriceCents: -1 })], null, 'INVALID_CART_ENTRY'],
    ['fractional quantity', [entry({ quantity: 1.5 })], null, 'INVALID_CART_ENTRY'],
    ['fractional shipping', [entry()], { ...ship, costCents: 4.5 }, 'INVALID_MINOR_UNITS'],
    ['negative shipping', [entry()], { ...ship, costCents: -500 }, 'INVALID_MINOR_UNITS'],
  ])(
    'rejects %s instead of producing sub-cent or negative totals',
    (_name, entries, selectedShippingOption, code) => {
      expect(() => cartTotals({ ...base, entries, selectedShippingOption })).toThrowError(
        expect.objectContaining({ code }),
      );
    },
  );

  it('accepts null coupon limits from storage', () => {
    const coupons: Coupon[] = [
      { type: 'FIXED_AMOUNT', code: 'X', amountCents: 100, minSubtotalCents: null, expiresAt: null },
    ];
    expect(cartTotals({ ...base, entries: [entry()], coupons, now: 5 }).discountCents).toBe(100);
  });

  it('parts add up, in whole minor units, over many generated carts', () => {
    const next = rng(2026);
    const types: ProductTypeCode[] = [1, 2, 3, 4];
    for (let run = 0; run < 1500; run++) {
      const entries = Array.from({ length: randomInt(next, 0, 6) }, () =>
        entry({
          purchasePriceCents: randomInt(next, 0, 500_000),
          quantity: randomInt(next, 1, 20),
          productType: types[randomInt(next, 0, 3)],
        }),
      );
      const taxRules: TaxRule[] = Array.from({ length: randomInt(next, 0, 3) }, (_, i) => ({
        id: `t${i}`,
        name: `Tax ${i}`,
        ratePercent: `${randomInt(next, 0, 25)}.${randomInt(next, 0, 999)}`,
        appliesToShipping: next() < 0.5,
        included: next() < 0.3,
      }));
      const coupons: Coupon[] = Array.from({ length: randomInt(next, 0, 3) }, (_, i) =>
        next() < 0.5
          ? {
              type: 'PERCENTAGE',
              code: `P${i}`,
              percent: String(randomInt(next, 0, 100)),
              minSubtotalCents: randomInt(next, 0, 50_000),
            }
          : { type: 'FIXED_AMOUNT', code: `F${i}`, amountCents: randomInt(next, 0, 100_000) },
      );
      const selectedShippingOption =
        next() < 0.7 ? { id: 's', name: 'S', costCents: randomInt(next, 0, 5000) } : null;
      const totals = cartTotals({ entries, taxRules, coupons, selectedShippingOption, currency: 'USD' });

      const parts = [
        totals.subtotalCents,
        totals.discountCents,
        totals.shippingCostCents,
        totals.taxCents,
        totals.grandTotalCents,
      ];
      for (const part of parts) expect(Number.isSafeInteger(part)).toBe(true);
      expect(totals.grandTotalCents).toBe(
        totals.subtotalCents -
          totals.discountCents +
          totals.shippingCostCents +
          totals.taxCents -
          totals.includedTaxCents,
      );
      expect(totals.includedTaxCents).toBeGreaterThanOrEqual(0);
      expect(totals.includedTaxCents).toBeLessThanOrEqual(totals.taxCents);
      expect(totals.subtotalCents).toBe(
        entries.reduce((sum, e) => sum + e.purchasePriceCents * e.quantity, 0),
      );
      expect(totals.discountCents).toBeGreaterThanOrEqual(0);
      expect(totals.discountCents).toBeLessThanOrEqual(totals.subtotalCents);
      expect(totals.taxCents).toBeGreaterThanOrEqual(0);
      expect(totals.grandTotalCents).toBeGreaterThanOrEqual(0);
      expect(totals.validCoupons.length + totals.invalidCoupons.length).toBe(coupons.length);
      if (!entries.some((e) => e.productType === ProductType.PHYSICAL))
        expect(totals.shippingCostCents).toBe(0);
    }
  });
});
