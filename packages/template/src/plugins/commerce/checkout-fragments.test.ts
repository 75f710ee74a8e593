import { describe, expect, it } from 'vitest';
import { fakeContext } from '../../testing/fake-context';
import { addToCartButton } from './add-to-cart-btn';
import { productCheckoutFormatter } from './product-checkout';
import { quantityInput } from './quantity-input';
import { variantsSelect } from './variants-select';

const ctx = (root: unknown = {}) => fakeContext({ root });

describe('add-to-cart-btn', () => {
  const item = (content: Record<string, unknown>) => ({
    id: 'i1',
    collectionId: 'c1',
    structuredContent: content,
  });

  it('renders the default button', () => {
    const html = addToCartButton(item({ productType: 1 }), ctx());
    expect(html.startsWith('\n'.repeat(13) + '<div class="sqs-add-to-cart-button-wrapper"')).toBe(true);
    expect(html).toContain(
      'sqs-button-element--primary " role="button" tabindex="0" data-dynamic-strings data-collection-id="c1" data-item-id="i1" data-product-type="1" data-use-custom-label="" data-original-label="Add To Cart" >',
    );
    expect(html).toContain('<div class="sqs-add-to-cart-button-inner">Add To Cart</div>');
  });

  it.each([
    [
      'custom text wins when enabled',
      { useCustomAddButtonText: true, customAddButtonText: 'Buy "now"' },
      {},
      'Buy &quot;now&quot;',
    ],
    [
      'custom text ignored when disabled',
      { useCustomAddButtonText: false, customAddButtonText: 'Buy' },
      {},
      'Add To Cart',
    ],
    ['localized add text', {}, { productAddToCartText: 'In den <Korb>' }, 'In den &lt;Korb&gt;'],
    ['subscription default', { isSubscribable: true }, {}, 'Subscribe'],
    [
      'localized subscription text',
      { isSubscribable: true },
      { productSubscribeText: 'Abonnieren' },
      'Abonnieren',
    ],
  ])('%s', (_name, content, localizedStrings, label) => {
    const html = addToCartButton(item(content), ctx({ localizedStrings }));
    expect(html).toContain(`data-original-label="${label}"`);
    expect(html).toContain(`<div class="sqs-add-to-cart-button-inner">${label}</div>`);
  });

  it('marks forms and subscription options', () => {
    const form = { fields: ['</x>'] };
    const html = addToCartButton(
      item({
        additionalFieldsFormId: 'f1',
        additionalFieldsForm: form,
        isSubscribable: true,
        productSubscriptionOptions: [{ id: 'opt1' }],
      }),
      ctx(),
    );
    expect(html).toContain('sqs-button-element--primary use-form"');
    expect(html).toContain('data-is-subscription="true" ');
    expect(html).toContain('data-form="{&quot;fields&quot;:[&quot;&lt;\\/x&gt;&quot;]}"');
    expect(html).toContain('data-subscription-option-id="opt1">');
  });

  it('looks up a missing collection id in the enclosing data', () => {
    const html = addToCartButton({ id: 'i2', structuredContent: {} }, ctx({ collectionId: 'outer' }));
    expect(html).toContain('data-collection-id="outer"');
  });
});

describe('quantity-input', () => {
  const item = { id: 'q1', structuredContent: { productType: 1, variants: [{ qtyInStock: 5 }] } };

  it('renders the labelled field', () => {
    expect(quantityInput(item, ctx())).toBe(
      '\n\n\n<div class="product-quantity-input" data-item-id="q1" data-animation-role="content">\n' +
        '  <div class="quantity-label">Quantity:</div>\n' +
        '  <input aria-label="Quantity" size="4" max="9999" min="1" value="1" type="number" step="1"></input>\n</div>',
    );
  });

  it('uses the localized label', () => {
    expect(quantityInput(item, ctx({ localizedStrings: { productQuantityInputLabel: 'Menge' } }))).toContain(
      '<div class="quantity-label">Menge:</div>',
    );
  });

  it('is missing when one unit is left', () => {
    expect(
      quantityInput({ structuredContent: { productType: 1, variants: [{ qtyInStock: 1 }] } }, ctx()),
    ).toBeUndefined();
  });
});

describe('variants-select', () => {
  const item = (productType: number, extra: Record<string, unknown> = {}) => ({
    id: 'v1',
    structuredContent: {
      productType,
      variantOptionOrdering: ['Size'],
      variants: [{ attributes: { Size: 'S' } }, { attributes: { Size: 'L&XL' } }],
      ...extra,
    },
  });

  it('renders a select and radio buttons per option', () => {
    const html = variantsSelect(item(1), ctx()) ?? '';
    expect(
      html.startsWith(
        '\n  \n  \n  \n  \n\n  <div class="product-variants" data-item-id="v1" data-variants="[{&quot;attributes',
      ),
    ).toBe(true);
    expect(html).toContain('<div class="variant-option-title">Size: </div>');
    expect(html).toContain('<select aria-label="Select Size" data-variant-option-name="Size">');
    expect(html).toContain('<option value="S">S</option><option value="L&amp;XL">L&amp;XL</option>\n');
    expect(html).toContain('id="variant-option-Size-L&amp;XL"/>');
    expect(html.endsWith('</label>\n    </div>\n    </div>\n  </div>\n')).toBe(true);
  });

  it('uses the gift card wording and subscription attributes', () => {
    const root = { localizedStrings: { giftCardVariantSelectText: 'Choose {variantName}' } };
    const html =
      variantsSelect(item(4, { isSubscribable: true, subscriptionPlan: { a: 1 } }), ctx(root)) ?? '';
    expect(html).toContain('<div class="variant-option-title">Value: </div>');
    expect(html).toContain('aria-label="Choose Size"');
    expect(html).toContain(' data-is-subscribable="true" data-subscription-plan="{&quot;a&quot;:1}"');
  });

  it('is missing with a single variant', () => {
    expect(variantsSelect({ structuredContent: { variants: [{}] } }, ctx())).toBeUndefined();
  });
});

describe('product-checkout', () => {
  it('joins variants, quantity and button', () => {
    const item = {
      id: 'p1',
      structuredContent: {
        productType: 1,
        variantOptionOrdering: ['c'],
        variants: [
          { attributes: { c: 'a' }, qtyInStock: 3 },
          { attributes: { c: 'b' }, qtyInStock: 3 },
        ],
      },
    };
    const c = ctx();
    const html = productCheckoutFormatter(item, [], c, []) as string;
    const parts = [variantsSelect(item, c), quantityInput(item, c), addToCartButton(item, c)];
    expect(parts.every((p) => typeof p === 'string' && p.length > 0)).toBe(true);
    expect(html).toBe(parts.join(''));
  });
});
