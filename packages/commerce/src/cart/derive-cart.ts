import { applicableTaxRules } from './applicable-tax-rules';
import { hasDigital, purelyDigital, requiresShipping, totalQuantity } from './cart-flags';
import { cartTotals } from './cart-totals';
import type { CartEntry, ShoppingCart, TaxRule } from './cart-types';
import { DEFAULT_CURRENCY } from '../money/currencies';
import { toMoneyShape } from '../money/money-shape';

/** What a cart is made of; every derived field of `ShoppingCart` is computed from this. */
export type CartInput = Pick<ShoppingCart, 'id' | 'websiteId' | 'entries'> &
  Partial<
    Pick<
      ShoppingCart,
      | 'orderId'
      | 'created'
      | 'isPurchased'
      | 'shippingOptions'
      | 'selectedShippingOption'
      | 'shippingLocation'
      | 'coupons'
      | 'currency'
    >
  >;

export interface DeriveCartOptions {
  /** All of the store's tax rules; those matching the shipping location become `applicableTaxRules`. */
  taxRules?: readonly TaxRule[];
  /** Shape of `subtotalAmount` (default true: `{ value, currency }`). */
  useCLDRMoneyFormat?: boolean;
  /** Epoch ms for coupon validity windows. */
  now?: number;
}

/**
 * Fills every derived field of the cart entity (spec §3) from its entries and rules: entry
 * subtotals, money totals, coupon split, quantity and digital/shipping flags, subtotalAmount.
 * Defaults: isPurchased false, amounts 0, currency USD.
 *
 * @example
 * const cart = deriveCart({ id: 'c1', websiteId: 'w1', entries }, { taxRules });
 * cart.grandTotalCents === cart.subtotalCents - cart.discountCents + cart.shippingCostCents + cart.taxCents; // true
 */
export function deriveCart(input: CartInput, options: DeriveCartOptions = {}): ShoppingCart {
  const currency = input.currency ?? DEFAULT_CURRENCY;
  const entries: CartEntry[] = input.entries.map((entry) => ({
    ...entry,
    subTotal: entry.purchasePriceCents * entry.quantity,
  }));
  const shippingLocation = input.shippingLocation ?? null;
  const rules = applicableTaxRules(options.taxRules ?? [], shippingLocation);
  const selectedShippingOption = input.selectedShippingOption ?? null;
  const coupons = input.coupons ?? [];
  const totals = cartTotals({
    entries,
    taxRules: rules,
    coupons,
    selectedShippingOption,
    currency,
    now: options.now,
  });
  return {
    id: input.id,
    websiteId: input.websiteId,
    orderId: input.orderId ?? null,
    created: input.created ?? 0,
    isPurchased: input.isPurchased ?? false,
    entries,
    shippingOptions: input.shippingOptions ?? [],
    selectedShippingOption,
    shippingLocation,
    applicableTaxRules: rules,
    coupons,
    validCoupons: totals.validCoupons,
    invalidCoupons: totals.invalidCoupons,
    subtotalCents: totals.subtotalCents,
    taxCents: totals.taxCents,
    shippingCostCents: totals.shippingCostCents,
    discountCents: totals.discountCents,
    grandTotalCents: totals.grandTotalCents,
    totalQuantity: totalQuantity(entries),
    hasDigital: hasDigital(entries),
    purelyDigital: purelyDigital(entries),
    requiresShipping: requiresShipping(entries),
    currency,
    subtotalAmount: toMoneyShape(totals.subtotalCents, currency, options.useCLDRMoneyFormat ?? true),
  };
}
