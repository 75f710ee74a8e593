import type { CartEntry } from '../cart/cart-types';

/**
 * How many of one item and variant are already in the cart.
 *
 * @example
 * quantityInCart(cart.entries, 'item-1', 'TEE-M'); // 2
 */
export function quantityInCart(
  entries: readonly Pick<CartEntry, 'itemId' | 'chosenVariant' | 'quantity'>[],
  itemId: string,
  sku: string,
): number {
  return entries
    .filter((entry) => entry.itemId === itemId && entry.chosenVariant?.sku === sku)
    .reduce((sum, entry) => sum + entry.quantity, 0);
}
