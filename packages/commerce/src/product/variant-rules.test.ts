import { describe, expect, it } from 'vitest';
import { type VariantSetInput, checkVariantSet } from './variant-rules';

const base = (): VariantSetInput => ({
  productType: 1,
  isSubscribable: false,
  variantOptionOrdering: ['Size'],
  variants: [
    { sku: 'A', attributes: { Size: 'S' }, priceCents: 100, salePriceCents: 0, onSale: false, qtyInStock: 1 },
    { sku: 'B', attributes: { Size: 'M' }, priceCents: 100, salePriceCents: 0, onSale: false, qtyInStock: 0 },
  ],
});

const plan = { billingPeriod: { value: 1, unit: 'MONTH' }, numBillingCycles: 0 };

describe('checkVariantSet', () => {
  it('accepts a full grid, and a subscribable physical product or service with a plan', () => {
    expect(checkVariantSet(base())).toBeNull();
    expect(checkVariantSet({ ...base(), isSubscribable: true, subscriptionPlan: plan })).toBeNull();
    expect(
      checkVariantSet({ ...base(), productType: 3, isSubscribable: true, subscriptionPlan: plan }),
    ).toBeNull();
  });

  it.each<[string, (i: VariantSetInput) => VariantSetInput, string, string]>([
    [
      'a repeated option',
      (i) => ({ ...i, variantOptionOrdering: ['Size', 'Size'] }),
      'variantOptionOrdering',
      'twice',
    ],
    [
      'a missing value',
      (i) => ({ ...i, variantOptionOrdering: ['Size', 'Color'] }),
      'variants.0.attributes',
      'Color',
    ],
    [
      'an unknown option',
      (i) => ({ ...i, variantOptionOrdering: [] }),
      'variants.0.attributes',
      'not an option',
    ],
    [
      'a repeated combination',
      (i) => ({ ...i, variants: i.variants.map((v) => ({ ...v, attributes: { Size: 'S' } })) }),
      'variants.1.attributes',
      'Size S',
    ],
    [
      'a repeated SKU (any case)',
      (i) => ({ ...i, variants: i.variants.map((v, n) => ({ ...v, sku: n ? 'a' : 'A' })) }),
      'variants.1.sku',
      'used twice',
    ],
    [
      'a sale price equal to the price',
      (i) => ({ ...i, variants: i.variants.map((v) => ({ ...v, onSale: true, salePriceCents: 100 })) }),
      'variants.0.salePriceCents',
      'below its price',
    ],
    [
      'stock on a gift card',
      (i) => ({ ...i, productType: 4 }),
      'variants.0.qtyInStock',
      'do not track stock',
    ],
    [
      'stock on a digital product',
      (i) => ({ ...i, productType: 2 }),
      'variants.0.qtyInStock',
      'do not track stock',
    ],
    [
      'a digital subscription',
      (i) => ({ ...i, productType: 2, isSubscribable: true, subscriptionPlan: plan }),
      'isSubscribable',
      'physical products and services',
    ],
    [
      'a gift card subscription',
      (i) => ({ ...i, productType: 4, isSubscribable: true, subscriptionPlan: plan }),
      'isSubscribable',
      'physical products and services',
    ],
    [
      'a subscription without a plan',
      (i) => ({ ...i, isSubscribable: true }),
      'subscriptionPlan',
      'billing period',
    ],
    ['no variants', (i) => ({ ...i, variants: [] }), 'variants', 'at least one'],
  ])('refuses %s', (_what, change, field, words) => {
    const problem = checkVariantSet(change(base()));
    expect(problem?.field).toBe(field);
    expect(problem?.message).toContain(words);
  });

  it('lets a sale price below the price through, and ignores the sale price when not on sale', () => {
    const onSale = base();
    onSale.variants = onSale.variants.map((v) => ({ ...v, onSale: true, salePriceCents: 99 }));
    expect(checkVariantSet(onSale)).toBeNull();
    const notOnSale = base();
    notOnSale.variants = notOnSale.variants.map((v) => ({ ...v, salePriceCents: 500 }));
    expect(checkVariantSet(notOnSale)).toBeNull();
  });
});
