import { ProductType } from './product-types';
import type { StockFacts } from './stock-facts';

/**
 * On sale (spec §4): any variant on sale for physical/service, the item flag for digital,
 * never for gift cards.
 *
 * @example
 * isOnSale({ productType: 2, onSale: true, variants: [] }); // true
 */
export function isOnSale(product: Pick<StockFacts, 'productType' | 'variants' | 'onSale'>): boolean {
  switch (product.productType) {
    case ProductType.PHYSICAL:
    case ProductType.SERVICE:
      return product.variants.some((variant) => variant.onSale);
    case ProductType.DIGITAL:
      return product.onSale === true;
    default:
      return false;
  }
}
