/**
 * The one catalogue of stable commerce codes and their user-facing messages.
 *
 * Expected outcomes (a missing option, too little stock) are returned as values carrying one of
 * these codes; real failures (malformed money, unknown currency) are thrown as `CommerceError`.
 * Messages quoted from the spec (§4, §5, §8) are verbatim; `{name}` marks a placeholder.
 * Messages never contain user data except through explicit placeholders.
 */
// One file per area under messages/, so a browser chunk carries only the messages it can show.

import { ADD_FAILURE_ERRORS, ADD_TO_CART_ERRORS } from './messages/add-to-cart';
import { CART_ERRORS, COUPON_ERRORS } from './messages/cart';
import { fillMessage } from './messages/fill-message';
import { INSTALMENT_ERRORS } from './messages/instalments';
import { MONEY_ERRORS } from './messages/money';
import { SUBSCRIPTION_ERRORS } from './messages/subscriptions';

export { ADD_FAILURE_ERRORS, ADD_TO_CART_ERRORS } from './messages/add-to-cart';
export { CART_ERRORS, COUPON_ERRORS } from './messages/cart';
export { fillMessage } from './messages/fill-message';
export { INSTALMENT_ERRORS } from './messages/instalments';
export { CommerceError, MONEY_ERRORS, type MoneyErrorCode } from './messages/money';
export { SUBSCRIPTION_ERRORS } from './messages/subscriptions';

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

/**
 * The message for `code`, with `{name}` placeholders filled from `params`.
 *
 * @example
 * errorMessage('OPTION_MISSING', { option: 'Size' }); // "Please select the Size option."
 */
export function errorMessage(code: CommerceErrorCode, params: Record<string, string | number> = {}): string {
  return fillMessage(COMMERCE_ERRORS[code], params);
}
