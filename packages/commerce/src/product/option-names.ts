import type { Product } from './product-types';

/**
 * The product's option names in display order: `variantOptionOrdering` first, then any other
 * names in the order the variants mention them.
 *
 * @example
 * optionNames({ variantOptionOrdering: ['Size'], variants: [{ attributes: { Color: 'Red', Size: 'M' } }] });
 * // ['Size', 'Color']
 */
export function optionNames(product: Pick<Product, 'variants' | 'variantOptionOrdering'>): string[] {
  const names = new Set<string>(product.variantOptionOrdering ?? []);
  for (const variant of product.variants) {
    for (const name of Object.keys(variant.attributes ?? {})) names.add(name);
    for (const option of variant.optionValues ?? []) names.add(option.optionName);
  }
  return [...names];
}
