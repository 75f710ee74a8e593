import { describe, expect, it } from 'vitest';
import { addButtonLabel } from './add-button-label';
import { addFailure } from './add-failure';
import { ProductType } from '../product/product-types';

describe('addFailure (spec §8)', () => {
  it.each([
    [
      'crumb failure, cookies on',
      { crumbFail: true, cookiesEnabled: true },
      'SESSION_EXPIRED',
      'Unable to Add Item',
      'Your session has expired. Please reload the page and try again.',
    ],
    [
      'crumb failure, cookies off',
      { crumbFail: true, cookiesEnabled: false },
      'COOKIES_DISABLED',
      'Unable to Add Item',
      'Please enable cookies in your browser, reload the page, and try again.',
    ],
    [
      'rate limited',
      { status: 429 },
      'RATE_LIMITED',
      'Unable to Add Item',
      'Please try again in a few seconds.',
    ],
    [
      'server message',
      { status: 400, serverMessage: 'Item no longer available.' },
      'ADD_FAILED',
      'Unable to Add Item',
      'Item no longer available.',
    ],
    ['no server message', { status: 500 }, 'ADD_FAILED', 'Unable to Add Item', 'Something went wrong'],
    [
      'express checkout',
      { status: 500, serverMessage: 'Nope', express: true },
      'ADD_FAILED',
      'Unable to Purchase Item',
      'Nope',
    ],
    [
      'gift card',
      { status: 429, productType: ProductType.GIFT_CARD },
      'RATE_LIMITED',
      'Unable to purchase Gift Card',
      'Please try again in a few seconds.',
    ],
  ])('%s', (_name, input, code, title, message) => {
    expect(addFailure(input)).toEqual({ code, title, message });
  });
});

describe('addButtonLabel', () => {
  const plain = { isSubscribable: false, useCustomAddButtonText: false, customAddButtonText: '' };
  it.each([
    ['default', plain, {}, 'Add to Cart'],
    ['localized', plain, { productAddToCartText: 'In den Warenkorb' }, 'In den Warenkorb'],
    ['express', plain, { express: true }, 'Purchase'],
    ['subscribable', { ...plain, isSubscribable: true }, {}, 'Subscribe'],
    [
      'custom text',
      { ...plain, useCustomAddButtonText: true, customAddButtonText: 'Pre-order' },
      { express: true },
      'Pre-order',
    ],
    [
      'custom flag with blank text',
      { ...plain, useCustomAddButtonText: true, customAddButtonText: '  ' },
      {},
      'Add to Cart',
    ],
  ])('%s → %s', (_name, product, options, expected) => {
    expect(addButtonLabel(product, options)).toBe(expected);
  });
});
