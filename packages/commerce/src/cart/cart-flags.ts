import type { CartEntry } from './cart-types';
import { ProductType } from '../product/product-types';

type Entries = readonly Pick<CartEntry, 'productType' | 'quantity'>[];

// Gift cards are delivered electronically and a paywall product (a member plan) is access, not
// goods: both count as digital for shipping purposes.
const isDigitalType = (type: number) =>
  type === ProductType.DIGITAL || type === ProductType.GIFT_CARD || type === ProductType.PAYWALL;

/**
 * Sum of entry quantities.
 *
 * @example
 * totalQuantity([{ quantity: 2 }, { quantity: 3 }]); // 5
 */
export function totalQuantity(entries: readonly Pick<CartEntry, 'quantity'>[]): number {
  return entries.reduce((sum, entry) => sum + entry.quantity, 0);
}

/**
 * Whether any entry is a digital product or gift card.
 *
 * @example
 * hasDigital([{ productType: 1, quantity: 1 }, { productType: 2, quantity: 1 }]); // true
 */
export function hasDigital(entries: Entries): boolean {
  return entries.some((entry) => isDigitalType(entry.productType));
}

/**
 * Whether the cart is non-empty and holds only digital products and gift cards.
 *
 * @example
 * purelyDigital([{ productType: 2, quantity: 1 }]); // true
 */
export function purelyDigital(entries: Entries): boolean {
  return entries.length > 0 && entries.every((entry) => isDigitalType(entry.productType));
}

/**
 * Whether any entry is a physical product (only those ship).
 *
 * @example
 * requiresShipping([{ productType: 3, quantity: 1 }]); // false (a service)
 */
export function requiresShipping(entries: Entries): boolean {
  return entries.some((entry) => entry.productType === ProductType.PHYSICAL);
}
