import type { ShoppingCart } from './cart-types';
import { subtotalText } from '../money/subtotal-text';

/** What the header cart link and pill cart show (spec §3 "Cart sync data"). */
export interface CartSyncData {
  items: number;
  subtotal: string;
}

/**
 * The item count and subtotal text (zero fractions trimmed) of a cart.
 *
 * @example
 * cartSyncData({ totalQuantity: 3, subtotalCents: 1200, currency: 'USD' }); // { items: 3, subtotal: '$12' }
 */
export function cartSyncData(
  cart: Pick<ShoppingCart, 'totalQuantity' | 'subtotalCents' | 'currency'>,
): CartSyncData {
  return { items: cart.totalQuantity, subtotal: subtotalText(cart.subtotalCents, cart.currency) };
}
