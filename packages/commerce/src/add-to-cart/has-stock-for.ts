import type { Variant } from '../product/product-types';

/**
 * Whether `quantity` more of a variant can be added when `alreadyInCart` are in the cart:
 * unlimited, or stock covers the total. With the default quantity of 1 this is the spec §5 rule
 * "quantity in stock above the amount already in the cart".
 *
 * @example
 * hasStockFor({ unlimited: false, qtyInStock: 3 }, 2);    // true
 * hasStockFor({ unlimited: false, qtyInStock: 3 }, 2, 2); // false
 */
export function hasStockFor(
  variant: Pick<Variant, 'unlimited' | 'qtyInStock'>,
  alreadyInCart: number,
  quantity = 1,
): boolean {
  return variant.unlimited || variant.qtyInStock >= alreadyInCart + quantity;
}
