import { describe, expect, it } from 'vitest';
import { moneyToMinor, toProduct } from './product-model';

describe('moneyToMinor', () => {
  it.each([
    [{ value: '28.00', currency: 'USD' }, 2800],
    [{ value: '35.5', currency: 'USD' }, 3550],
    [{ value: '0.07', currency: 'EUR' }, 7],
    [{ value: '1500', currency: 'JPY' }, 1500],
    [{ value: '-4.25', currency: 'USD' }, -425],
    [undefined, 0],
  ])('%j → %i', (money, minor) => {
    expect(moneyToMinor(money)).toBe(minor);
  });
});

describe('toProduct', () => {
  it('maps page variants (price in minor units) to commerce variants', () => {
    const product = toProduct({
      id: 'p1',
      title: 'Tee',
      fullUrl: '/shop/p/tee',
      assetUrl: null,
      collectionId: 'c1',
      productType: 1,
      variants: [
        {
          id: 'v1',
          sku: 'TEE-S',
          price: 2800,
          salePrice: 2000,
          onSale: true,
          qtyInStock: 3,
          unlimited: false,
          attributes: { Size: 'S' },
          optionValues: [{ optionName: 'Size', value: 'S' }],
          imageUrl: null,
        },
      ],
      isSubscribable: false,
      subscriptionPlan: null,
      onSale: true,
      priceMoney: { value: '28.00', currency: 'USD' },
      salePriceMoney: { value: '20.00', currency: 'USD' },
      additionalFieldsFormId: null,
      useCustomAddButtonText: false,
      customAddButtonText: '',
    });
    expect(product.variants[0]).toMatchObject({
      sku: 'TEE-S',
      priceCents: 2800,
      salePriceCents: 2000,
      onSale: true,
    });
    expect(product.priceCents).toBe(2800);
    expect(product.salePriceCents).toBe(2000);
  });
});
