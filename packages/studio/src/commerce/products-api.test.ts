import { describe, expect, it } from 'vitest';
import { ApiFailure } from '../api';
import { moneyText, parseMoneyText } from './product-money';
import { fieldErrors, optionsLabel, productPaths, restockGroup, stockLabel, typeLabel } from './products-api';

describe('product list labels', () => {
  it('name product types and stock states, with a fallback for unknown ones', () => {
    expect(typeLabel(4)).toBe('Gift card');
    expect(typeLabel(99)).toBe('Product');
    expect(stockLabel('out')).toBe('Sold out');
    expect(stockLabel('low')).toBe('Low stock');
  });

  it('say a variant by its options in order', () => {
    expect(optionsLabel({ Size: 'S', Colour: 'Red' })).toBe('Size S, Colour Red');
    expect(optionsLabel({})).toBe('');
  });

  it('link to a product with its id escaped, and a new one by type', () => {
    expect(productPaths.product('a/b c')).toBe('/config/commerce/products/a%2Fb%20c');
    expect(productPaths.create(2)).toBe('/config/commerce/products/new?type=2');
  });
});

describe('a refused product save', () => {
  it('reads the field messages of the answer, and none from other failures', () => {
    const refused = new ApiFailure(400, 'VALIDATION_FAILED', 'x', false, false, {
      errors: { 'variants.0.sku': 'That SKU is taken.' },
    });
    expect(fieldErrors(refused)).toEqual({ 'variants.0.sku': 'That SKU is taken.' });
    expect(fieldErrors(new ApiFailure(409, 'CONFLICT', 'x'))).toEqual({});
    expect(fieldErrors(new Error('x'))).toEqual({});
  });
});

describe('restock groups as the owner reads them', () => {
  it('keep what the answer says and fill what it leaves out', () => {
    expect(
      restockGroup({
        productId: 'p',
        variantId: 'v',
        productName: 'Harbor Tee',
        sku: 'HT-S',
        attributes: { Size: 'S' },
        signUpCount: 3,
        pendingCount: 2,
      }),
    ).toEqual({
      productId: 'p',
      variantId: 'v',
      productName: 'Harbor Tee',
      sku: 'HT-S',
      attributes: { Size: 'S' },
      signUpCount: 3,
      pendingCount: 2,
    });
    expect(
      restockGroup({ productId: 'p', variantId: 'v', signUpCount: Number.NaN, attributes: 'x' }),
    ).toEqual({
      productId: 'p',
      variantId: 'v',
      productName: '',
      sku: '',
      attributes: {},
      signUpCount: 0,
      pendingCount: 0,
    });
  });
});

describe('prices typed in the product editor', () => {
  it('read major units by the currency’s digits; blank is zero', () => {
    expect(parseMoneyText('24.50', 'USD')).toEqual({ ok: true, minor: 2450 });
    expect(parseMoneyText('  ', 'USD')).toEqual({ ok: true, minor: 0 });
    expect(parseMoneyText('2800', 'JPY')).toEqual({ ok: true, minor: 2800 });
    expect(parseMoneyText('-1', 'USD')).toMatchObject({ ok: false });
    expect(parseMoneyText('1.234', 'USD')).toMatchObject({ ok: false });
    expect(moneyText(2450, 'USD')).toBe('24.50');
  });
});
