/**
 * The one catalogue of stable commerce codes and their user-facing messages.
 *
 * Expected outcomes (a missing option, too little stock) are returned as values carrying one of
 * these codes; real failures (malformed money, unknown currency) are thrown as `CommerceError`.
 * Messages quoted from the spec (§4, §5, §8) are verbatim; `{name}` marks a placeholder.
 * Messages never contain user data except through explicit placeholders.
 */

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

/** Cart UI (spec §8) */
export const CART_ERRORS = {
  UPDATE_QUANTITY_FAILED: 'Unable to update quantity',
  REMOVE_ITEM_FAILED: 'Unable to remove item',
  UPDATE_FORM_FAILED: 'Unable to update form',
  OPEN_FORM_FAILED: 'Unable to open form',
  CART_INVALID_INFORMATION: 'Update the missing or invalid information above.',
  CART_MIN_SUBTOTAL: 'To check out, your order subtotal must be {subtotal} or more.',
  CART_EMPTY: 'You have nothing in your shopping cart.',
  NETWORK_ERROR: 'Please check your internet connection.',
} as const;

/** Coupons (reasons are ours; the spec only names valid/invalid coupon lists) */
export const COUPON_ERRORS = {
  COUPON_MIN_SUBTOTAL_NOT_MET: 'This coupon requires an order subtotal of {amount} or more.',
  COUPON_EXPIRED: 'This coupon has expired.',
  COUPON_NOT_STARTED: 'This coupon is not active yet.',
  COUPON_DUPLICATE: 'This coupon has already been applied.',
  COUPON_MALFORMED: 'This coupon is not valid.',
  COUPON_UNKNOWN: 'That coupon code is not valid.',
} as const;

/** Subscriptions (spec §8: price text falls back to "Unavailable") */
export const SUBSCRIPTION_ERRORS = {
  SUBSCRIPTION_UNAVAILABLE: 'Unavailable',
  NOT_SUBSCRIBABLE: 'This product is not available as a subscription.',
} as const;

/** Instalments (spec §4) */
export const INSTALMENT_ERRORS = {
  INSTALMENTS_ABOVE_MAX: 'available for orders up to {amount}',
  INSTALMENTS_BELOW_MIN: 'available for orders over {amount}',
  INSTALMENTS_NOT_PHYSICAL: 'Instalments are available for physical products only.',
  INSTALMENTS_UNAVAILABLE: 'Instalments are not available for this store.',
} as const;

/** Thrown failures: bad input to the money functions. */
export const MONEY_ERRORS = {
  INVALID_MONEY: 'Invalid money amount: expected a decimal string such as "12.50".',
  INVALID_MINOR_UNITS: 'Invalid money amount: minor units must be a safe integer.',
  MONEY_TOO_MANY_DECIMALS: 'Invalid money amount: more decimal places than the currency allows.',
  MONEY_TOO_LARGE:
    'Invalid money amount: too large (at most 15 integer places and a safe integer of minor units).',
  UNSUPPORTED_CURRENCY: 'Unsupported currency.',
  INVALID_PERCENTAGE: 'Invalid percentage: expected a non-negative decimal string such as "8.875".',
  INVALID_CART_ENTRY: 'Invalid cart entry: price and quantity must be non-negative whole numbers.',
  INVALID_INSTALMENT_COUNT: 'Invalid number of instalments: expected a positive whole number.',
} as const;

/**
 * Every code and message, by area above. Modules a browser loads look up their own area's
 * catalogue so a page ships only the messages it can show.
 */
// Built by a pure call so a bundle that never reads it drops it (object spread alone may not).
export const COMMERCE_ERRORS = /* @__PURE__ */ (() =>
  ({
    ...ADD_TO_CART_ERRORS,
    ...ADD_FAILURE_ERRORS,
    ...CART_ERRORS,
    ...COUPON_ERRORS,
    ...SUBSCRIPTION_ERRORS,
    ...INSTALMENT_ERRORS,
    ...MONEY_ERRORS,
  }) as const)();

/** A stable commerce code (a key of `COMMERCE_ERRORS`). */
export type CommerceErrorCode = keyof typeof COMMERCE_ERRORS;
/** A code thrown as `CommerceError` (bad input to a pure function). */
export type MoneyErrorCode = keyof typeof MONEY_ERRORS;

/**
 * The message for `code`, with `{name}` placeholders filled from `params`.
 *
 * @example
 * errorMessage('OPTION_MISSING', { option: 'Size' }); // "Please select the Size option."
 */
export function errorMessage(code: CommerceErrorCode, params: Record<string, string | number> = {}): string {
  return fillMessage(COMMERCE_ERRORS[code], params);
}

/** `template` with its `{name}` placeholders filled from `params` (unknown ones are kept). */
export function fillMessage(template: string, params: Record<string, string | number> = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

/**
 * A real failure (bad input to a pure function), thrown with a stable code.
 *
 * @example
 * try { parseMoney('12,5', 'USD'); } catch (e) { if (e instanceof CommerceError) e.code; // 'INVALID_MONEY' }
 */
export class CommerceError extends Error {
  readonly code: MoneyErrorCode;
  constructor(code: MoneyErrorCode, params: Record<string, string | number> = {}) {
    super(fillMessage(MONEY_ERRORS[code], params));
    this.name = 'CommerceError';
    this.code = code;
  }
}
