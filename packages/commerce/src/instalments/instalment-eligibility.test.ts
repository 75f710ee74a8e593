import { describe, expect, it } from 'vitest';
import { cartInstalmentEligible } from './cart-instalment-eligible';
import { instalmentEligibility } from './instalment-eligibility';
import { ProductType, type ProductTypeCode } from '../product/product-types';

const context = { afterPayAvailable: true, afterPayMin: 100, afterPayMax: 200000 };

describe('instalmentEligibility', () => {
  it.each([
    ['inside the range', 5000, ProductType.PHYSICAL, context, { eligible: true }],
    ['at the maximum (not above it)', 200000, ProductType.PHYSICAL, context, { eligible: true }],
    ['just above the minimum', 101, ProductType.PHYSICAL, context, { eligible: true }],
    [
      'at the minimum (must be strictly above)',
      100,
      ProductType.PHYSICAL,
      context,
      { eligible: false, code: 'INSTALMENTS_BELOW_MIN', message: 'available for orders over $1.00' },
    ],
    [
      'above the maximum',
      200001,
      ProductType.PHYSICAL,
      context,
      { eligible: false, code: 'INSTALMENTS_ABOVE_MAX', message: 'available for orders up to $2,000.00' },
    ],
    ['digital', 5000, ProductType.DIGITAL, context, { eligible: false, code: 'INSTALMENTS_NOT_PHYSICAL' }],
    ['service', 5000, ProductType.SERVICE, context, { eligible: false, code: 'INSTALMENTS_NOT_PHYSICAL' }],
    [
      'afterpay off',
      5000,
      ProductType.PHYSICAL,
      { ...context, afterPayAvailable: false },
      { eligible: false, code: 'INSTALMENTS_UNAVAILABLE' },
    ],
  ])('%s', (_name, priceCents, productType, ctx, expected) => {
    expect(instalmentEligibility({ priceCents, productType, currency: 'USD', context: ctx })).toMatchObject(
      expected,
    );
  });

  it('formats the limit in the store currency', () => {
    const result = instalmentEligibility({ priceCents: 50, productType: 1, currency: 'GBP', context });
    expect(result).toMatchObject({ message: 'available for orders over £1.00' });
  });
});

describe('cartInstalmentEligible', () => {
  it.each([
    [[], false],
    [[1], true],
    [[1, 1], true],
    [[1, 2], false],
    [[1, 3], false],
    [[4], false],
  ])('types %j → %s', (types, expected) => {
    expect(
      cartInstalmentEligible(types.map((productType) => ({ productType: productType as ProductTypeCode }))),
    ).toBe(expected);
  });
});
