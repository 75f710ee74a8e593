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
      includedTaxCents: 0,
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

  // An NY buyer saw $41.00 and paid $44.20. The cart now shows the tax once it knows
  // where the order ships: $36.00 of goods + $5.00 Standard shipping, 8.88 % NY sales tax on the goods.
  it.each([
    ['no address yet: no NY tax, only the everywhere options', null, 0, 4100, ['std', 'exp']],
    [
      'NY address: 8.88 % of $36.00 shown before paying',
      { country: 'US', region: 'NY' },
      320,
      4420,
      ['std', 'exp', 'ny'],
    ],
    [
      'CA address: no NY tax; the NY-only option is not offered',
      { country: 'US', region: 'CA' },
      0,
      4100,
      ['std', 'exp'],
    ],
  ])('%s', (_name, location, tax, total, offered) => {
    const rates = [
      { id: 'std', name: 'Standard', kind: 'FLAT' as const, costCents: 500 },
      { id: 'exp', name: 'Express', kind: 'FLAT' as const, costCents: 1500 },
      {
        id: 'ny',
        name: 'Courier',
        kind: 'FLAT' as const,
        costCents: 900,
        zones: [{ country: 'US', region: 'NY' }],
      },
      { id: 'off', name: 'Off', kind: 'FLAT' as const, costCents: 1, enabled: false },
    ];
    const cart = deriveCart(
      {
        id: 'c',
        websiteId: 'w',
        entries: [entry({ purchasePriceCents: 1800, quantity: 2 })],
        shippingLocation: location,
        selectedShippingOption: { id: 'std', name: 'Standard', costCents: 0 },
      },
      {
        taxRules: [{ id: 'ny', name: 'NY', ratePercent: '8.88', country: 'US', region: 'NY' }],
        shippingRates: rates,
      },
    );
    expect(cart.shippingOptions.map((o) => o.id)).toEqual(offered);
    expect(cart.selectedShippingOption).toEqual({ id: 'std', name: 'Standard', costCents: 500 });
    expect(cart).toMatchObject({
      subtotalCents: 3600,
      shippingCostCents: 500,
      taxCents: tax,
      grandTotalCents: total,
    });
  });

  it('drops a selected option that no longer ships to the location', () => {
    const cart = deriveCart(
      {
        id: 'c',
        websiteId: 'w',
        entries: [entry()],
        shippingLocation: { country: 'GB' },
        selectedShippingOption: { id: 'us', name: 'US only', costCents: 500 },
      },
      {
        shippingRates: [
          { id: 'us', name: 'US only', kind: 'FLAT', costCents: 500, zones: [{ country: 'US' }] },
        ],
      },
    );
    expect(cart.shippingOptions).toEqual([]);
    expect(cart.selectedShippingOption).toBeNull();
    expect(cart.shippingCostCents).toBe(0);
  });

  it('prices a weight option from the weight it is given and makes it free over the threshold', () => {
    const rates = [
      {
        id: 'w',
        name: 'By weight',
        kind: 'WEIGHT' as const,
        costCents: 300,
        ratePerKgCents: 200,
        freeOverCents: 10000,
      },
    ];
    const input = { id: 'c', websiteId: 'w', selectedShippingOption: { id: 'w', name: '', costCents: 0 } };
    const light = deriveCart(
      { ...input, entries: [entry({ purchasePriceCents: 2000 })] },
      { shippingRates: rates, weightGrams: 2500 },
    );
    expect(light.shippingCostCents).toBe(300 + 3 * 200);
    const big = deriveCart(
      { ...input, entries: [entry({ purchasePriceCents: 10000 })] },
      { shippingRates: rates, weightGrams: 2500 },
    );
    expect(big.shippingCostCents).toBe(0);
  });
});
