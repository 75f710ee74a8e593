import { describe, expect, it } from 'vitest';
import { entry, product, tee, variant } from '../../test/fixtures';
import { ProductType } from '../product/product-types';
import { validateAddToCart } from './validate-add-to-cart';

const giftCard = product({
  productType: ProductType.GIFT_CARD,
  variants: [
    variant({ sku: 'GC-25', attributes: { Amount: '25' } }),
    variant({ sku: 'GC-50', attributes: { Amount: '50' } }),
  ],
});
const threeOptions = product({
  variantOptionOrdering: ['Size', 'Color', 'Fit'],
  variants: [
    variant({ sku: 'A', attributes: { Size: 'S', Color: 'Red', Fit: 'Slim' } }),
    variant({ sku: 'B', attributes: { Size: 'M', Color: 'Red', Fit: 'Slim' } }),
  ],
});

describe('validateAddToCart failures (spec §5 wording)', () => {
  it.each([
    [
      'no option chosen',
      { product: tee(), chosenOptions: {} },
      'OPTIONS_MISSING',
      'Please select the Size and Color options.',
    ],
    [
      'one option missing',
      { product: tee(), chosenOptions: { Size: 'S' } },
      'OPTION_MISSING',
      'Please select the Color option.',
    ],
    [
      'empty value counts as missing',
      { product: tee(), chosenOptions: { Size: 'S', Color: '' } },
      'OPTION_MISSING',
      'Please select the Color option.',
    ],
    [
      'three options missing',
      { product: threeOptions },
      'OPTIONS_MISSING',
      'Please select the Size, Color and Fit options.',
    ],
    [
      'combination not offered',
      { product: tee(), chosenOptions: { Size: 'M', Color: 'Blue' } },
      'VARIANT_UNAVAILABLE',
      'Sorry, that item variant is unavailable. Please select another variant.',
    ],
    [
      'unknown sku',
      { product: tee(), sku: 'NOPE' },
      'VARIANT_UNAVAILABLE',
      'Sorry, that item variant is unavailable. Please select another variant.',
    ],
    [
      'variant out of stock',
      { product: tee(), chosenOptions: { Size: 'S', Color: 'Blue' } },
      'VARIANT_OUT_OF_STOCK',
      'Sorry, we do not have enough of that item available.',
    ],
    [
      'asking for more than in stock',
      { product: tee(), chosenOptions: { Size: 'S', Color: 'Red' }, quantity: 4 },
      'VARIANT_OUT_OF_STOCK',
      'Sorry, we do not have enough of that item available.',
    ],
    [
      'quantity text',
      { product: tee(), chosenOptions: { Size: 'S', Color: 'Red' }, quantity: 'two' },
      'QUANTITY_NOT_A_NUMBER',
      'Quantity must be a number.',
    ],
    [
      'quantity fraction',
      { product: tee(), chosenOptions: { Size: 'S', Color: 'Red' }, quantity: '1.5' },
      'QUANTITY_NOT_WHOLE',
      'Quantity must be a whole number',
    ],
    [
      'quantity zero',
      { product: tee(), chosenOptions: { Size: 'S', Color: 'Red' }, quantity: 0 },
      'QUANTITY_OUT_OF_RANGE',
      'Quantity must be between 1 and 9999.',
    ],
    [
      'gift card without denomination',
      { product: giftCard },
      'GIFT_CARD_DENOMINATION_MISSING',
      'Select a denomination for the Gift Card',
    ],
    [
      'physical product without variants',
      { product: product({ variants: [] }) },
      'VARIANT_UNAVAILABLE',
      'Sorry, that item variant is unavailable. Please select another variant.',
    ],
  ])('%s', (_name, input, code, message) => {
    expect(validateAddToCart(input)).toEqual({ ok: false, code, message });
  });
});

describe('validateAddToCart stock counts the cart', () => {
  const redS = { product: tee(), chosenOptions: { Size: 'S', Color: 'Red' } }; // 3 in stock
  const inCart = (quantity: number, overrides = {}) => [
    entry({ itemId: 'item-1', chosenVariant: { sku: 'S-RED', attributes: {} }, quantity, ...overrides }),
  ];

  it.each([
    [0, 3, true],
    [2, 1, true],
    [2, 2, false],
    [3, 1, false],
  ])('%i in cart + %i more → ok %s', (already, quantity, ok) => {
    expect(validateAddToCart({ ...redS, quantity, cartEntries: inCart(already) }).ok).toBe(ok);
  });

  it('ignores other items and other variants in the cart', () => {
    const entries = [
      ...inCart(3, { itemId: 'other' }),
      ...inCart(3, { chosenVariant: { sku: 'M-RED', attributes: {} } }),
    ];
    expect(validateAddToCart({ ...redS, quantity: 3, cartEntries: entries }).ok).toBe(true);
  });

  it('unlimited variants never run out', () => {
    const p = product({ variants: [variant({ unlimited: true, qtyInStock: 0 })] });
    expect(
      validateAddToCart({
        product: p,
        quantity: 9999,
        cartEntries: inCart(5000, { chosenVariant: { sku: 'SKU', attributes: {} } }),
      }).ok,
    ).toBe(true);
  });
});

describe('validateAddToCart successes', () => {
  it.each([
    ['chosen options', { product: tee(), chosenOptions: { Size: 'M', Color: 'Red' } }, 'M-RED', 1],
    [
      'quantity as text',
      { product: tee(), chosenOptions: { Size: 'S', Color: 'Red' }, quantity: '2' },
      'S-RED',
      2,
    ],
    ['sku directly', { product: tee(), sku: 'S-RED' }, 'S-RED', 1],
    ['gift card by sku', { product: giftCard, sku: 'GC-50' }, 'GC-50', 1],
    ['gift card by option', { product: giftCard, chosenOptions: { Amount: '25' } }, 'GC-25', 1],
    [
      'digital: first variant, no stock check',
      {
        product: product({
          productType: ProductType.DIGITAL,
          variants: [variant({ sku: 'D', qtyInStock: 0 }), variant({ sku: 'E' })],
        }),
        quantity: 3,
      },
      'D',
      3,
    ],
    ['single variant needs no options', { product: product() }, 'SKU', 1],
  ])('%s', (_name, input, sku, quantity) => {
    const result = validateAddToCart(input);
    expect(result).toMatchObject({ ok: true, quantity });
    expect(result.ok && result.variant?.sku).toBe(sku);
  });

  it('a digital product without variants resolves to null', () => {
    expect(
      validateAddToCart({ product: product({ productType: ProductType.DIGITAL, variants: [] }) }),
    ).toEqual({ ok: true, variant: null, quantity: 1 });
  });
});
