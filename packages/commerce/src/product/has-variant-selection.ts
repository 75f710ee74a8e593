import { ProductType } from './product-types';
import type { StockFacts } from './stock-facts';

/**
 * Variant selectors exist only when the product is not digital and has more than one variant (spec §4).
 *
 * @example
 * hasVariantSelection({ productType: 1, variants: [s, m] }); // true
 * hasVariantSelection({ productType: 2, variants: [a, b] }); // false
 */
export function hasVariantSelection(product: Pick<StockFacts, 'productType' | 'variants'>): boolean {
  return product.productType !== ProductType.DIGITAL && product.variants.length > 1;
}
