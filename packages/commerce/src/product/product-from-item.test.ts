import { describe, expect, it } from 'vitest';
import { CommerceError } from '../messages/money';
import { productFromItem } from './product-from-item';

describe('productFromItem', () => {
  it('reads a full page-context item', () => {
    const product = productFromItem(
      {
        id: 'p1',
        title: 'Tee',
        collectionId: 'c1',
        variantOptionOrdering: ['Size'],
        structuredContent: {
          productType: 1,
          isSubscribable: 'true',
          subscriptionPlan: { billingPeriod: { value: 1, unit: 'MONTH' }, numBillingCycles: 0 },
          additionalFieldsFormId: 'f1',
          useCustomAddButtonText: true,
          customAddButtonText: 'Pre-order',
          variants: [
            {
              id: 'v1',
              sku: 'T-S',
              priceMoney: { value: '25.00', currency: 'EUR' },
              salePriceMoney: { decimalValue: '20', currencyCode: 'EUR' },
              onSale: true,
              qtyInStock: 3,
              unlimited: false,
              attributes: { Size: 'S' },
              optionValues: [{ optionName: 'Size', value: 'S' }],
            },
          ],
        },
      },
      { currency: 'EUR' },
    );
    expect(product).toEqual({
      id: 'p1',
      title: 'Tee',
      collectionId: 'c1',
      variantOptionOrdering: ['Size'],
      productType: 1,
      isSubscribable: true,
      subscriptionPlan: { billingPeriod: { value: 1, unit: 'MONTH' }, numBillingCycles: 0 },
      onSale: false,
      priceCents: 0,
      salePriceCents: 0,
      additionalFieldsFormId: 'f1',
      useCustomAddButtonText: true,
      customAddButtonText: 'Pre-order',
      variants: [
        {
          id: 'v1',
          sku: 'T-S',
          priceCents: 2500,
          salePriceCents: 2000,
          onSale: true,
          qtyInStock: 3,
          unlimited: false,
          attributes: { Size: 'S' },
          optionValues: [{ optionName: 'Size', value: 'S' }],
        },
      ],
    });
  });

  it.each([
    [{ price: 10000 }, 10000],
    [{ price: '12.50' }, 1250],
    [{ price: { decimalValue: '9.99' } }, 999],
    [{ priceMoney: { value: '100' }, price: 1 }, 10000],
    [{}, 0],
  ])('variant price %j is %i minor units', (variant, cents) => {
    expect(
      productFromItem({ structuredContent: { productType: 1, variants: [variant] } }).variants[0]?.priceCents,
    ).toBe(cents);
  });

  it('tolerates sparse template data', () => {
    expect(productFromItem({ structuredContent: { productType: 2 } })).toMatchObject({
      id: '',
      productType: 2,
      variants: [],
    });
    expect(productFromItem(null)).toMatchObject({
      variants: [],
      isSubscribable: false,
      subscriptionPlan: null,
    });
  });

  it('throws a CommerceError on malformed money', () => {
    expect(() => productFromItem({ structuredContent: { variants: [{ price: 1.5 }] } })).toThrow(
      CommerceError,
    );
    expect(() =>
      productFromItem({ structuredContent: { variants: [{ priceMoney: { value: 'abc' } }] } }),
    ).toThrow(CommerceError);
  });
});
