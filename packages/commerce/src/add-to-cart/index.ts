// Add to cart: validation, quantities, the button and its messages.
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
export { isDecimalQuantityText } from './decimal-quantity-text';
export { type ParseQuantityResult, parseQuantity, type QuantityErrorCode } from './parse-quantity';
export { quantityInCart } from './quantity-in-cart';
export {
  type AddToCartErrorCode,
  type AddToCartFailure,
  type AddToCartInput,
  type AddToCartResult,
  validateAddToCart,
} from './validate-add-to-cart';
