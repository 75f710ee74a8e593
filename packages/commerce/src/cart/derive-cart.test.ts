import { describe, expect, it } from 'vitest';
import { entry } from '../../test/fixtures';
import type { TaxRule } from './cart-types';
import { deriveCart } from './derive-cart';
import { ProductType } from '../product/product-types';

const taxRules: TaxRule[] = [
  { id: 'ny', name: 'NY', ratePercent: '8.875', country: 'US', region: 'NY' },
  { id: 'gb', name: 'VAT', ratePercent: '20', country: 'GB' },
];

describe('deriveCart', () => {
  it('fills defaults for a new empty cart', () => {
    expect(deriveCart({ id: 'c1', websiteId: 'w1', entries: [] })).toEqual({
      id: 'c1',
      websiteId: 'w1',
      orderId: null,
      created: 0,
      isPurchased: false,
      entries: [],
      shippingOptions: [],
      selectedShippingOption: null,
      shippingLocation: null,
      applicableTaxRules: [],
      coupons: [],
      validCoupons: [],
      invalidCoupons: [],
      subtotalCents: 0,
      taxCents: 0,
      shippingCostCents: 0,
      discountCents: 0,
      grandTotalCents: 0,
      totalQuantity: 0,
      hasDigital: false,
      purelyDigital: false,
      requiresShipping: false,
      currency: 'USD',
      subtotalAmount: { value: '0.00', currency: 'USD' },
    });
  });

  it('computes every derived field from entries and rules', () => {
    const shipping = { id: 'std', name: 'Standard', costCents: 500 };
    const cart = deriveCart(
      {
        id: 'c1',
        websiteId: 'w1',
        created: 1000,
        entries: [
          entry({ id: 'a', purchasePriceCents: 1999, quantity: 2, subTotal: 0 }),
          entry({ id: 'b', purchasePriceCents: 500, productType: ProductType.DIGITAL }),
        ],
        shippingOptions: [shipping],
        selectedShippingOption: shipping,
        shippingLocation: { country: 'US', region: 'NY' },
        coupons: [
          { type: 'PERCENTAGE', code: 'TEN', percent: '10' },
          { type: 'FIXED_AMOUNT', code: 'X', amountCents: 1, minSubtotalCents: 999999 },
        ],
      },
      { taxRules, useCLDRMoneyFormat: false },
    );
    expect(cart.entries.map((e) => e.subTotal)).toEqual([3998, 500]);
    expect(cart.applicableTaxRules.map((r) => r.id)).toEqual(['ny']);
    expect(cart).toMatchObject({
      subtotalCents: 4498,
      discountCents: 450,
      shippingCostCents: 500,
      taxCents: 359, // 8.875% of 4048 = 359.26
      grandTotalCents: 4498 - 450 + 500 + 359,
      totalQuantity: 3,
      hasDigital: true,
      purelyDigital: false,
      requiresShipping: true,
      subtotalAmount: { decimalValue: '44.98', currencyCode: 'USD' },
    });
    expect(cart.validCoupons.map((c) => c.code)).toEqual(['TEN']);
    expect(cart.invalidCoupons.map((c) => c.code)).toEqual(['COUPON_MIN_SUBTOTAL_NOT_MET']);
  });

  it('uses the store currency for subtotalAmount', () => {
    const cart = deriveCart({
      id: 'c',
      websiteId: 'w',
      currency: 'JPY',
      entries: [entry({ purchasePriceCents: 1500 })],
    });
    expect(cart.subtotalAmount).toEqual({ value: '1500', currency: 'JPY' });
  });
});
