import {
  ADD_TO_CART_ERRORS,
  CART_ERRORS,
  COUPON_ERRORS,
  SUBSCRIPTION_ERRORS,
  fillMessage,
} from '@store/commerce';
import { ACCOUNT_SECURITY_MESSAGES as SECURITY } from '@store/api';
import { ApiError, type ErrorCode } from './errors';

/**
 * The one table from a service's expected outcome (`reason`) to its HTTP answer: the error
 * code, the status and the spec's message (from the @store/commerce catalogue). Every reason
 * is documented in docs/api-errors.md (a test checks that).
 */
export const reasonCatalogue = {
  ITEM_UNAVAILABLE: { code: 'NOT_FOUND', status: 404, message: ADD_TO_CART_ERRORS.ITEM_UNAVAILABLE },
  OPTION_MISSING: { code: 'UNPROCESSABLE', status: 400, message: ADD_TO_CART_ERRORS.OPTION_MISSING },
  OPTIONS_MISSING: { code: 'UNPROCESSABLE', status: 400, message: ADD_TO_CART_ERRORS.OPTIONS_MISSING },
  VARIANT_UNAVAILABLE: {
    code: 'UNPROCESSABLE',
    status: 400,
    message: ADD_TO_CART_ERRORS.VARIANT_UNAVAILABLE,
  },
  GIFT_CARD_DENOMINATION_MISSING: {
    code: 'UNPROCESSABLE',
    status: 400,
    message: ADD_TO_CART_ERRORS.GIFT_CARD_DENOMINATION_MISSING,
  },
  QUANTITY_NOT_A_NUMBER: {
    code: 'VALIDATION_FAILED',
    status: 400,
    message: ADD_TO_CART_ERRORS.QUANTITY_NOT_A_NUMBER,
  },
  QUANTITY_NOT_WHOLE: {
    code: 'VALIDATION_FAILED',
    status: 400,
    message: ADD_TO_CART_ERRORS.QUANTITY_NOT_WHOLE,
  },
  QUANTITY_OUT_OF_RANGE: {
    code: 'VALIDATION_FAILED',
    status: 400,
    message: ADD_TO_CART_ERRORS.QUANTITY_OUT_OF_RANGE,
  },
  VARIANT_OUT_OF_STOCK: { code: 'CONFLICT', status: 409, message: ADD_TO_CART_ERRORS.VARIANT_OUT_OF_STOCK },
  ADDITIONAL_FIELDS_REQUIRED: {
    code: 'VALIDATION_FAILED',
    status: 400,
    message: CART_ERRORS.CART_INVALID_INFORMATION,
  },
  ENTRY_NOT_FOUND: { code: 'NOT_FOUND', status: 404, message: CART_ERRORS.UPDATE_QUANTITY_FAILED },
  COUPON_UNKNOWN: { code: 'VALIDATION_FAILED', status: 400, message: COUPON_ERRORS.COUPON_UNKNOWN },
  NOT_SUBSCRIBABLE: { code: 'VALIDATION_FAILED', status: 400, message: SUBSCRIPTION_ERRORS.NOT_SUBSCRIBABLE },
  CART_EMPTY: { code: 'VALIDATION_FAILED', status: 400, message: CART_ERRORS.CART_EMPTY },
  MINIMUM_SUBTOTAL: { code: 'VALIDATION_FAILED', status: 400, message: CART_ERRORS.CART_MIN_SUBTOTAL },
  TOTAL_CHANGED: { code: 'TOTAL_CHANGED', status: 409, message: CART_ERRORS.CART_TOTAL_CHANGED },
  PAYMENT_OPTIONS_CHANGED: { code: 'CONFLICT', status: 409, message: CART_ERRORS.CART_PAYMENT_CHANGED },
  GIFT_CARD_SPENT: { code: 'TOTAL_CHANGED', status: 409, message: CART_ERRORS.CART_GIFT_CARD_SPENT },
  // Password reset and two-step sign-in (services/account-security).
  RESET_LINK_INVALID: { code: 'NOT_FOUND', status: 404, message: SECURITY.resetLinkInvalid },
  RESET_RATE_LIMITED: { code: 'RATE_LIMITED', status: 429, message: SECURITY.resetRateLimited },
  TWO_FACTOR_CODE_WRONG: { code: 'UNAUTHORIZED', status: 401, message: SECURITY.codeWrong },
  SIGN_IN_STEP_EXPIRED: { code: 'UNAUTHORIZED', status: 401, message: SECURITY.signInStepExpired },
  TWO_FACTOR_RATE_LIMITED: { code: 'RATE_LIMITED', status: 429, message: SECURITY.codeRateLimited },
  TWO_FACTOR_ALREADY_ON: { code: 'CONFLICT', status: 409, message: SECURITY.twoFactorAlreadyOn },
  TWO_FACTOR_NOT_STARTED: { code: 'CONFLICT', status: 409, message: SECURITY.twoFactorNotStarted },
  TWO_FACTOR_OFF: { code: 'CONFLICT', status: 409, message: SECURITY.twoFactorOff },
  PASSWORD_WRONG: { code: 'FORBIDDEN', status: 403, message: SECURITY.passwordWrong },
  SECRETS_KEY_MISSING: { code: 'UNPROCESSABLE', status: 422, message: SECURITY.secretsKeyMissing },
} as const satisfies Record<string, { code: ErrorCode; status: number; message: string }>;

export type Reason = keyof typeof reasonCatalogue;

/** An expected outcome of a service: the value, or a reason (with the values its message names). */
export type Outcome<T> =
  | { ok: true; value: T }
  /** `message`: already composed by a @store/commerce rule from the same catalogue (option names …). */
  | {
      ok: false;
      reason: Reason;
      values?: Record<string, string>;
      message?: string;
      /** Figures the answer carries beside the message (e.g. the new total). */
      details?: Record<string, unknown>;
    };

/**
 * Thrown inside a transaction to roll it back with a reason; `asOutcome` turns it into the
 * service's return value, so callers still get a value, never an exception, for an expected outcome.
 */
export class Rejection extends Error {
  override name = 'Rejection';
  constructor(
    readonly reason: Reason,
    readonly values?: Record<string, string>,
    readonly ruleMessage?: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(reason);
  }
}

export async function asOutcome<T>(work: () => Promise<T>): Promise<Outcome<T>> {
  try {
    return { ok: true, value: await work() };
  } catch (error) {
    if (error instanceof Rejection)
      return {
        ok: false,
        reason: error.reason,
        values: error.values,
        message: error.ruleMessage,
        ...(error.details ? { details: error.details } : {}),
      };
    throw error;
  }
}

/** The HTTP edge: the value, or the reason's answer from the table (with `reason` in the body). */
export function valueOrFail<T>(outcome: Outcome<T>): T {
  if (outcome.ok) return outcome.value;
  const entry: { code: ErrorCode; status: number; message: string } = reasonCatalogue[outcome.reason];
  const message = outcome.message ?? fillMessage(entry.message, outcome.values);
  throw new ApiError(entry.code, message, { ...outcome.details, reason: outcome.reason }, entry.status);
}
