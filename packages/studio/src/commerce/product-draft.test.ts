import { describe, expect, it } from 'vitest';
import { blankDraft, draftToBody, renameOption, suggestedSku, withOptions } from './product-draft';

const sizes = { key: 'a', name: 'Size', values: ['S', 'M'] };
const colours = { key: 'b', name: 'Colour', values: ['Red', 'Blue'] };

describe('the product editor draft', () => {
  it('builds the grid from options and keeps typed data when an option is added', () => {
    let draft = withOptions(blankDraft(1, 'c1'), [sizes]);
    expect(draft.variants.map((v) => v.attributes)).toEqual([{ Size: 'S' }, { Size: 'M' }]);
    draft = { ...draft, variants: draft.variants.map((v, i) => ({ ...v, sku: `T-${i}`, price: '12.50' })) };
    draft = withOptions(draft, [sizes, colours]);
    expect(draft.variants.map((v) => [v.attributes, v.sku, v.price])).toEqual([
      [{ Size: 'S', Colour: 'Red' }, 'T-0', '12.50'],
      [{ Size: 'S', Colour: 'Blue' }, '', '12.50'],
      [{ Size: 'M', Colour: 'Red' }, 'T-1', '12.50'],
      [{ Size: 'M', Colour: 'Blue' }, '', '12.50'],
    ]);
  });

  it('keeps the rows of surviving values when a value is removed', () => {
    let draft = withOptions(blankDraft(1, 'c1'), [sizes, colours]);
    draft = {
      ...draft,
      variants: draft.variants.map((v) => ({ ...v, qty: `${v.attributes.Size}${v.attributes.Colour}` })),
    };
    draft = withOptions(draft, [{ key: 'a', name: 'Size', values: ['M'] }, colours]);
    expect(draft.variants.map((v) => v.qty)).toEqual(['MRed', 'MBlue']);
  });

  it('renames an option in every row', () => {
    let draft = withOptions(blankDraft(1, 'c1'), [sizes]);
    draft = { ...draft, variants: draft.variants.map((v) => ({ ...v, sku: v.attributes.Size ?? '' })) };
    draft = renameOption(draft, 0, 'Fit');
    expect(draft.variants.map((v) => [v.attributes, v.sku])).toEqual([
      [{ Fit: 'S' }, 'S'],
      [{ Fit: 'M' }, 'M'],
    ]);
  });

  it.each([
    ['USD', '12.5', 1250],
    ['JPY', '1500', 1500],
    ['EUR', '', 0],
  ])('sends %s %j as %i minor units', (currency, price, cents) => {
    const draft = blankDraft(1, 'c1');
    const result = draftToBody(
      { ...draft, title: 'Tee', variants: [{ ...draft.variants[0]!, price }] },
      currency,
    );
    expect(result.ok && result.body.variants[0]?.priceCents).toBe(cents);
  });

  it('names the cell of a price or stock that cannot be sent', () => {
    const draft = blankDraft(1, 'c1');
    const result = draftToBody(
      { ...draft, variants: [{ ...draft.variants[0]!, price: '12.345', qty: '-1' }] },
      'USD',
    );
    expect(result.ok).toBe(false);
    expect(!result.ok && Object.keys(result.errors).sort()).toEqual([
      'variants.0.priceCents',
      'variants.0.qtyInStock',
    ]);
  });

  it('refuses a sale price at or above the price on its cell, with the shared message', () => {
    const draft = blankDraft(1, 'c1');
    const result = draftToBody(
      {
        ...draft,
        variants: [{ ...draft.variants[0]!, sku: 'TEE', price: '10', salePrice: '12', onSale: true }],
      },
      'USD',
    );
    expect(!result.ok && result.errors).toEqual({
      'variants.0.salePriceCents': 'The sale price of TEE must be below its price.',
    });
  });

  it('sends no stock for digital products and a plan only for subscriptions', () => {
    const digital = blankDraft(2, 'c1');
    const sent = draftToBody(
      {
        ...digital,
        isSubscribable: true,
        variants: [{ ...digital.variants[0]!, qty: '5', unlimited: true }],
      },
      'USD',
    );
    expect(sent.ok && [sent.body.variants[0]?.qtyInStock, sent.body.variants[0]?.unlimited]).toEqual([
      0,
      false,
    ]);
    expect(sent.ok && [sent.body.isSubscribable, sent.body.subscriptionPlan]).toEqual([false, null]);
    const service = { ...blankDraft(3, 'c1'), isSubscribable: true };
    const plan = draftToBody({ ...service, plan: { every: '2', unit: 'WEEK', cycles: '6' } }, 'USD');
    expect(plan.ok && plan.body.subscriptionPlan).toEqual({
      billingPeriod: { value: 2, unit: 'WEEK' },
      numBillingCycles: 6,
    });
  });

  it('suggests a SKU for a blank one from the title and option values', () => {
    expect(suggestedSku('Linen tee', { Size: 'S', Colour: 'Navy blue' })).toBe('LINEN-TEE-S-NAVY-BLUE');
  });
});
