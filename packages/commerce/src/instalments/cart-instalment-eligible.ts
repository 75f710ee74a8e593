import type { CartEntry } from '../cart/cart-types';
import { ProductType } from '../product/product-types';

/**
 * A cart qualifies for instalments only when it is non-empty and every item is physical (spec §5).
 *
 * @example
 * cartInstalmentEligible([{ productType: 1 }, { productType: 2 }]); // false
 */
export function cartInstalmentEligible(entries: readonly Pick<CartEntry, 'productType'>[]): boolean {
  return entries.length > 0 && entries.every((entry) => entry.productType === ProductType.PHYSICAL);
}
