// Public API of @store/commerce: the store's rules as pure functions, shared by browser and server.

// Errors and constants
export {
  ADD_FAILURE_ERRORS,
  ADD_TO_CART_ERRORS,
  CART_ERRORS,
  COMMERCE_ERRORS,
  COUPON_ERRORS,
  CommerceError,
  type CommerceErrorCode,
  INSTALMENT_ERRORS,
  MONEY_ERRORS,
  type MoneyErrorCode,
  SUBSCRIPTION_ERRORS,
  errorMessage,
  fillMessage,
} from './errors';
export * from './constants';

// Money
export {
  CURRENCIES,
  CURRENCY_CODES,
  type CurrencyCode,
  type CurrencyInfo,
  currencyInfo,
  DEFAULT_CURRENCY,
  isCurrencyCode,
} from './currencies';
export { type FormatMoneyOptions, formatMoney } from './format-money';
export { minorToDecimal } from './minor-to-decimal';
export {
  type CldrMoney,
  fromMoneyShape,
  type LegacyMoney,
  type MoneyShape,
  toMoneyShape,
} from './money-shape';
export { type ParseMoneyResult, parseMoney } from './parse-money';
export { percentOf } from './percent-of';
export { subtotalText } from './subtotal-text';
export { toMinorUnits } from './to-minor-units';

// Products
export { hasVariantSelection } from './has-variant-selection';
export { isOnSale } from './is-on-sale';
export { isSoldOut } from './is-sold-out';
export { optionNames } from './option-names';
export { productFromItem } from './product-from-item';
export { type ProductMark, productMark } from './product-mark';
export {
  type BillingUnit,
  type Product,
  ProductType,
  type ProductTypeCode,
  type SubscriptionPlan,
  type Variant,
  type VariantOptionValue,
} from './product-types';
export { resolveVariant } from './resolve-variant';
export { showQuantityInput } from './show-quantity-input';
export { type StockLevel, totalStock } from './total-stock';

// Add to cart
export { addButtonLabel } from './add-button-label';
export { type AddFailure, type AddFailureInput, addFailure } from './add-failure';
export {
  type AddToCartButtonEvent,
  type AddToCartButtonState,
  type AddToCartButtonStatus,
  type AddToCartMode,
  addToCartButtonReducer,
  initialAddToCartButtonState,
} from './add-to-cart-button';
export { hasStockFor } from './has-stock-for';
export { missingOptionsMessage } from './missing-options-message';
export { type ParseQuantityResult, parseQuantity, type QuantityErrorCode } from './parse-quantity';
export { quantityInCart } from './quantity-in-cart';
export {
  type AddToCartErrorCode,
  type AddToCartFailure,
  type AddToCartInput,
  type AddToCartResult,
  validateAddToCart,
} from './validate-add-to-cart';

// Cart
export { applicableTaxRules } from './applicable-tax-rules';
export { hasDigital, purelyDigital, requiresShipping, totalQuantity } from './cart-flags';
export { cartPillCount, cartPillLabel } from './cart-pill';
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

// Subscriptions
export { subscriptionPriceText } from './subscription-price-text';

// Instalments
export { cartInstalmentEligible } from './cart-instalment-eligible';
export {
  type InstalmentContext,
  type InstalmentEligibility,
  instalmentEligibility,
} from './instalment-eligibility';
export {
  INSTALMENT_PROVIDER_LOCALES,
  type InstalmentProvider,
  type InstalmentProviderName,
  instalmentProvider,
  US_TERRITORIES,
} from './instalment-provider';
export { instalmentText } from './instalment-text';
export { splitInstalments } from './split-instalments';
