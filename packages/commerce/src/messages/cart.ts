/** Cart UI (spec §8) */
export const CART_ERRORS = {
  UPDATE_QUANTITY_FAILED: 'Unable to update quantity',
  REMOVE_ITEM_FAILED: 'Unable to remove item',
  UPDATE_FORM_FAILED: 'Unable to update form',
  OPEN_FORM_FAILED: 'Unable to open form',
  CART_INVALID_INFORMATION: 'Update the missing or invalid information above.',
  CART_MIN_SUBTOTAL: 'To check out, your order subtotal must be {subtotal} or more.',
  CART_EMPTY: 'You have nothing in your shopping cart.',
  // Not worded by the spec: checkout refuses to charge more than the buyer was shown.
  CART_TOTAL_CHANGED: 'Your total is now {total}. Please review your order and place it again.',
  CART_GIFT_CARD_SPENT:
    'A gift card on this order was used for another order in the meantime: your total is now {total}. Please review your order and place it again.',
  // Not worded by the spec: the owner switched payment providers while the buyer's page was open.
  CART_PAYMENT_CHANGED:
    "This shop's payment options changed. Please reload the page and place your order again.",
  NETWORK_ERROR: 'Please check your internet connection.',
} as const;

/** Coupons (reasons are ours; the spec only names valid/invalid coupon lists) */
export const COUPON_ERRORS = {
  COUPON_MIN_SUBTOTAL_NOT_MET: 'This coupon requires an order subtotal of {amount} or more.',
  COUPON_EXPIRED: 'This coupon has expired.',
  COUPON_NOT_STARTED: 'This coupon is not active yet.',
  COUPON_DUPLICATE: 'This coupon has already been applied.',
  COUPON_USED_UP: 'This coupon has reached its usage limit.',
  COUPON_MALFORMED: 'This coupon is not valid.',
  COUPON_UNKNOWN: 'That coupon code is not valid.',
} as const;
