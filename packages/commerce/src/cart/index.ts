// Cart: totals, coupons, tax, flags and the pill.
export { applicableTaxRules } from './applicable-tax-rules';
export { hasDigital, purelyDigital, requiresShipping, totalQuantity } from './cart-flags';
export { cartPillCount, cartPillLabel } from './cart-pill';
export {
  CART_TOKEN_PATTERN,
  UNSUBSCRIBE_TOKEN_PATTERN,
  isCartToken,
  isUnsubscribeToken,
} from './tokens';
export { type CartSyncData, cartSyncData } from './cart-sync-data';
export { cartTax } from './cart-tax';
export { type CartTotals, type CartTotalsInput, cartTotals } from './cart-totals';
export type {
  CartEntry,
  ChosenVariant,
  Coupon,
  CouponRejectionCode,
  InvalidCoupon,
  ShippingLocation,
  ShippingOption,
  ShoppingCart,
  TaxRule,
} from './cart-types';
export { type CartInput, type DeriveCartOptions, deriveCart } from './derive-cart';
export { type CouponEvaluation, evaluateCoupons } from './evaluate-coupons';
export { type CartTaxParts, cartTaxParts, includedPercentOf, shownTax } from './cart-tax';
export {
  offeredShippingOptions,
  type ShippingQuote,
  type ShippingRate,
  type ShippingZone,
  shippedWeightGrams,
  shippingCost,
  shipsTo,
} from './shipping-options';
