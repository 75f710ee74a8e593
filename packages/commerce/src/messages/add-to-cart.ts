/** Add to cart (spec §5) */
export const ADD_TO_CART_ERRORS = {
  OPTION_MISSING: 'Please select the {option} option.',
  OPTIONS_MISSING: 'Please select the {options} options.',
  VARIANT_UNAVAILABLE: 'Sorry, that item variant is unavailable. Please select another variant.',
  VARIANT_OUT_OF_STOCK: 'Sorry, we do not have enough of that item available.',
  QUANTITY_NOT_A_NUMBER: 'Quantity must be a number.',
  QUANTITY_NOT_WHOLE: 'Quantity must be a whole number',
  // Not worded by the spec; the 1–9999 limit is (§5, §9).
  QUANTITY_OUT_OF_RANGE: 'Quantity must be between 1 and 9999.',
  GIFT_CARD_DENOMINATION_MISSING: 'Select a denomination for the Gift Card',
  ITEM_UNAVAILABLE: 'Sorry, that item is no longer available.',
} as const;

/** Add failures (spec §8) */
export const ADD_FAILURE_ERRORS = {
  SESSION_EXPIRED: 'Your session has expired. Please reload the page and try again.',
  COOKIES_DISABLED: 'Please enable cookies in your browser, reload the page, and try again.',
  RATE_LIMITED: 'Please try again in a few seconds.',
  // Fallback when the server sent no message of its own.
  ADD_FAILED: 'Something went wrong',
} as const;
