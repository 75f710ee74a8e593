import { requiresShipping } from './cart-flags';
import { cartTaxParts } from './cart-tax';
import type { CartEntry, Coupon, InvalidCoupon, ShippingOption, TaxRule } from './cart-types';
import type { CurrencyCode } from '../money/currencies';
import { CommerceError } from '../messages/money';
import { evaluateCoupons } from './evaluate-coupons';

export interface CartTotalsInput {
  entries: readonly Pick<CartEntry, 'purchasePriceCents' | 'quantity' | 'productType'>[];
  /** Rules already filtered to the shipping location (see `applicableTaxRules`). */
  taxRules: readonly TaxRule[];
  coupons: readonly Coupon[];
  selectedShippingOption: ShippingOption | null;
  currency: CurrencyCode;
  /** Epoch ms used for coupon validity windows; windows are ignored when omitted. */
  now?: number;
}

export interface CartTotals {
  subtotalCents: number;
  discountCents: number;
  shippingCostCents: number;
  taxCents: number;
  /** The part of taxCents already inside the prices (included rules): not added again. */
  includedTaxCents: number;
  grandTotalCents: number;
  validCoupons: Coupon[];
  invalidCoupons: InvalidCoupon[];
}

/**
 * Cart money in integer minor units. Invariant:
 * grandTotal = subtotal − discount + shipping + tax − includedTax, with 0 ≤ discount ≤ subtotal
 * (included tax is already inside the prices: shown, never charged twice).
 * Tax is computed on the discounted subtotal; shipping costs only apply when something ships,
 * and nothing when a free-shipping coupon is valid.
 *
 * @example
 * cartTotals({ entries: [{ purchasePriceCents: 1000, quantity: 2, productType: 1 }], taxRules: [],
 *   coupons: [], selectedShippingOption: { id: 's', name: 'Std', costCents: 500 }, currency: 'USD' });
 * // { subtotalCents: 2000, discountCents: 0, shippingCostCents: 500, taxCents: 0, grandTotalCents: 2500, … }
 */
export function cartTotals(input: CartTotalsInput): CartTotals {
  const subtotalCents = input.entries.reduce((sum, entry) => {
    const { purchasePriceCents: price, quantity } = entry;
    if (!Number.isSafeInteger(price) || !Number.isSafeInteger(quantity) || price < 0 || quantity < 0) {
      throw new CommerceError('INVALID_CART_ENTRY');
    }
    return sum + price * quantity;
  }, 0);
  if (!Number.isSafeInteger(subtotalCents)) throw new CommerceError('INVALID_MINOR_UNITS');
  const shippingCost = input.selectedShippingOption?.costCents ?? 0;
  if (!Number.isSafeInteger(shippingCost) || shippingCost < 0) throw new CommerceError('INVALID_MINOR_UNITS');
  const coupons = evaluateCoupons(input.coupons, subtotalCents, input.currency, input.now);
  const shippingCostCents =
    requiresShipping(input.entries) && input.selectedShippingOption && !coupons.freeShipping
      ? input.selectedShippingOption.costCents
      : 0;
  const tax = cartTaxParts(input.taxRules, subtotalCents - coupons.discountCents, shippingCostCents);
  return {
    subtotalCents,
    discountCents: coupons.discountCents,
    shippingCostCents,
    taxCents: tax.taxCents,
    includedTaxCents: tax.includedTaxCents,
    grandTotalCents:
      subtotalCents - coupons.discountCents + shippingCostCents + tax.taxCents - tax.includedTaxCents,
    validCoupons: coupons.validCoupons,
    invalidCoupons: coupons.invalidCoupons,
  };
}
