import { CART_COUNT_CAP } from '../constants';

/**
 * The count shown in the pill cart: "100+" above 100 (spec §4).
 *
 * @example
 * cartPillCount(3);   // "3"
 * cartPillCount(101); // "100+"
 */
export function cartPillCount(quantity: number): string {
  return quantity > CART_COUNT_CAP ? `${CART_COUNT_CAP}+` : String(quantity);
}

/**
 * The pill's spoken label (spec §4).
 *
 * @example
 * cartPillLabel(1);   // "1 item in cart"
 * cartPillLabel(3);   // "3 items in cart"
 * cartPillLabel(101); // "More than 100 items in cart"
 */
export function cartPillLabel(quantity: number): string {
  if (quantity > CART_COUNT_CAP) return `More than ${CART_COUNT_CAP} items in cart`;
  return `${quantity} ${quantity === 1 ? 'item' : 'items'} in cart`;
}
