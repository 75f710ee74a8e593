import { fillMessage } from './fill-message';

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

/** A code thrown as `CommerceError` (bad input to a pure function). */
export type MoneyErrorCode = keyof typeof MONEY_ERRORS;

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
