import { applicableTaxRules } from './applicable-tax-rules';
import { hasDigital, purelyDigital, requiresShipping, totalQuantity } from './cart-flags';
import { cartTotals } from './cart-totals';
import type { CartEntry, ShippingOption, ShoppingCart, TaxRule } from './cart-types';
import { offeredShippingOptions, type ShippingRate } from './shipping-options';
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
  /**
   * The store's shipping options as the owner defined them. When given, the cart offers those
   * that ship to its location, priced for it (`offeredShippingOptions`), and the selected one is
   * looked up among them by `selectedShippingOptionId` (else `input.selectedShippingOption.id`);
   * it is gone when no longer offered there.
   */
  shippingRates?: readonly ShippingRate[];
  selectedShippingOptionId?: string | null;
  /** Weight of the shipped lines (see `shippedWeightGrams`), for WEIGHT options. */
  weightGrams?: number;
}

function shippingChoice(input: CartInput, options: DeriveCartOptions, subtotalCents: number) {
  const selected = input.selectedShippingOption ?? null;
  if (!options.shippingRates) return { offered: input.shippingOptions ?? [], selected };
  const offered: ShippingOption[] = offeredShippingOptions(options.shippingRates, {
    location: input.shippingLocation ?? null,
    subtotalCents,
    weightGrams: options.weightGrams ?? 0,
  });
  const id = options.selectedShippingOptionId ?? selected?.id;
  return { offered, selected: offered.find((o) => o.id === id) ?? null };
}

/**
 * Fills every derived field of the cart entity (spec §3) from its entries and rules: entry
 * subtotals, the shipping options offered and their cost, money totals, coupon split,
 * quantity and digital/shipping flags, subtotalAmount.
 * Defaults: isPurchased false, amounts 0, currency USD.
 *
 * @example
 * const cart = deriveCart({ id: 'c1', websiteId: 'w1', entries }, { taxRules });
 * cart.grandTotalCents === cart.subtotalCents - cart.discountCents + cart.shippingCostCents + cart.taxCents - cart.includedTaxCents; // true
 */
export function deriveCart(input: CartInput, options: DeriveCartOptions = {}): ShoppingCart {
  const currency = input.currency ?? DEFAULT_CURRENCY;
  const entries: CartEntry[] = input.entries.map((entry) => ({
    ...entry,
    subTotal: entry.purchasePriceCents * entry.quantity,
  }));
  const shippingLocation = input.shippingLocation ?? null;
  const rules = applicableTaxRules(options.taxRules ?? [], shippingLocation);
  const coupons = input.coupons ?? [];
  const subtotal = entries.reduce((sum, entry) => sum + entry.subTotal, 0);
  const shipping = shippingChoice(input, options, subtotal);
  const selectedShippingOption = shipping.selected;
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
    shippingOptions: shipping.offered,
    selectedShippingOption,
    shippingLocation,
    applicableTaxRules: rules,
    coupons,
    validCoupons: totals.validCoupons,
    invalidCoupons: totals.invalidCoupons,
    subtotalCents: totals.subtotalCents,
    taxCents: totals.taxCents,
    includedTaxCents: totals.includedTaxCents,
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
