import type { StockFacts } from './stock-facts';
import { variantInStock } from './stock';
import { ProductType } from './product-types';

/**
 * Sold out (spec §4): a physical or service product with no unlimited variant and no variant
 * with stock above 0. Digital products, gift cards and paywall products (a member plan) are never sold out; unknown types always are.
 *
 * @example
 * isSoldOut({ ...tee, variants: [{ ...v, unlimited: false, qtyInStock: 0 }] }); // true
 */
export function isSoldOut(product: Pick<StockFacts, 'productType' | 'variants'>): boolean {
  switch (product.productType) {
    case ProductType.DIGITAL:
    case ProductType.GIFT_CARD:
    case ProductType.PAYWALL:
      return false;
    case ProductType.PHYSICAL:
    case ProductType.SERVICE:
      return !product.variants.some((variant) => variantInStock(product.productType, variant));
    default:
      return true;
  }
}
