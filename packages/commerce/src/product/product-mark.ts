import { isOnSale } from './is-on-sale';
import { isSoldOut } from './is-sold-out';
import type { Product } from './product-types';

export type ProductMark = 'sold-out' | 'sale' | null;

/**
 * Which mark a product shows: sold out takes priority over sale (spec §4).
 *
 * @example
 * productMark(soldOutButOnSaleTee); // "sold-out"
 */
export function productMark(product: Pick<Product, 'productType' | 'variants' | 'onSale'>): ProductMark {
  if (isSoldOut(product)) return 'sold-out';
  if (isOnSale(product)) return 'sale';
  return null;
}
