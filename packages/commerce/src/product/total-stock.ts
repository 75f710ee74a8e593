import type { StockFacts } from './stock-facts';
import { ProductType } from './product-types';

export type StockLevel = { unlimited: true } | { unlimited: false; quantity: number };

/**
 * Total stock (spec §4): unlimited for digital products, gift cards and when any variant is
 * unlimited; otherwise the sum of the variants' quantities in stock (negatives count as 0).
 *
 * @example
 * totalStock({ productType: 1, variants: [{ qtyInStock: 2, unlimited: false }, { qtyInStock: 3, unlimited: false }] });
 * // { unlimited: false, quantity: 5 }
 */
export function totalStock(product: Pick<StockFacts, 'productType' | 'variants'>): StockLevel {
  if (product.productType === ProductType.DIGITAL || product.productType === ProductType.GIFT_CARD) {
    return { unlimited: true };
  }
  if (product.variants.some((variant) => variant.unlimited)) return { unlimited: true };
  const quantity = product.variants.reduce((sum, variant) => sum + Math.max(0, variant.qtyInStock), 0);
  return { unlimited: false, quantity };
}
