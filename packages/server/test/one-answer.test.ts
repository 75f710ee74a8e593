import { isSoldOut, productFromItem, validateAddToCart, variantInStock } from '@store/commerce';
import { createEngine } from '@store/template';
import { describe, expect, it } from 'vitest';
import type { PageContext } from '../src/pages/page-context';
import { islandData } from '../src/pages/island-data';

/**
 * "is this sold out" is answered once, in @store/commerce. The same product items go
 * through every path that shows or enforces it and must get one answer:
 * - the template: the `sold-out?` predicate and the `item-classes` formatter (lists, pages);
 * - the island: the product JSON the server puts in the page, read by the browser's rules;
 * - the server: add-to-cart validation of the only variant.
 */
const variant = (fields: Record<string, unknown>) => ({ sku: 'SKU-1', price: 1000, ...fields });
const item = (productType: unknown, variants: Record<string, unknown>[]) => ({
  id: 'item-1',
  recordType: 11,
  fullUrl: '/shop/p/item-1',
  structuredContent: { productType, variants: variants.map(variant) },
});

const fixtures: [name: string, item: ReturnType<typeof item>, soldOut: boolean][] = [
  ['physical, none in stock', item(1, [{ qtyInStock: 0 }]), true],
  ['physical, three in stock', item(1, [{ qtyInStock: 3 }]), false],
  ['physical, stock as text "3"', item(1, [{ qtyInStock: '3' }]), false],
  // The copies used to disagree here: half a unit cannot be sold.
  ['physical, stock "0.5"', item(1, [{ qtyInStock: '0.5' }]), true],
  ['physical, stock 0.9', item(1, [{ qtyInStock: 0.9 }]), true],
  ['physical, negative stock', item(1, [{ qtyInStock: -2 }]), true],
  ['physical, unlimited', item(1, [{ qtyInStock: 0, unlimited: true }]), false],
  ['physical, unlimited as text', item(1, [{ qtyInStock: 0, unlimited: 'true' }]), false],
  ['service, none in stock', item(3, [{ qtyInStock: 0 }]), true],
  ['service type as text "3", in stock', item('3', [{ qtyInStock: 1 }]), false],
  ['digital, no stock counted', item(2, [{ qtyInStock: 0 }]), false],
  ['gift card, no stock counted', item(4, [{ qtyInStock: 0 }]), false],
];

const engine = createEngine();
const predicate = engine.compile('{.sold-out?}sold-out{.or}in-stock{.end}').template;
const classes = engine.compile('{@|item-classes}').template;

function islandProduct(source: ReturnType<typeof item>) {
  const context = {
    pageType: 50,
    website: { id: 'site-1', currency: 'USD' },
    websiteSettings: {},
    localizedStrings: {},
    item: source,
  } as unknown as PageContext;
  // The browser parses exactly this JSON (the #sf-data script).
  const data = JSON.parse(islandData(context)) as {
    products: Record<string, Parameters<typeof isSoldOut>[0]>;
  };
  const product = data.products[source.id];
  if (!product) throw new Error('the island got no product');
  return product as ReturnType<typeof productFromItem>;
}

describe('sold out: one answer on every path', () => {
  it.each(fixtures)('%s', (_name, source, soldOut) => {
    const template = predicate.render(source) === 'sold-out';
    const itemClasses = classes.render(source).split(' ').includes('sold-out');

    const product = islandProduct(source);
    const island =
      isSoldOut(product) || product.variants.every((v) => !variantInStock(product.productType, v));

    const added = validateAddToCart({ product: productFromItem(source), quantity: 1 });
    const server = !added.ok && added.code === 'VARIANT_OUT_OF_STOCK';

    expect({ template, itemClasses, island, server }).toEqual({
      template: soldOut,
      itemClasses: soldOut,
      island: soldOut,
      server: soldOut,
    });
  });
});
