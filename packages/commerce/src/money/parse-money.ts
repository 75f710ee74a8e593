import { MAX_INTEGER_PLACES } from '../constants';
import { currencyInfo } from './currencies';
import { fillMessage } from '../messages/fill-message';
import { MONEY_ERRORS } from '../messages/money';
import { parseDecimal } from './decimal';

export type ParseMoneyResult =
  | { ok: true; minor: number }
  | {
      ok: false;
      code: 'INVALID_MONEY' | 'MONEY_TOO_MANY_DECIMALS' | 'MONEY_TOO_LARGE' | 'UNSUPPORTED_CURRENCY';
      message: string;
    };

function fail(code: Extract<ParseMoneyResult, { ok: false }>['code']): ParseMoneyResult {
  return { ok: false, code, message: fillMessage(MONEY_ERRORS[code]) };
}

/**
 * Parses a decimal amount in major units ("1234.5") into integer minor units of `currency`,
 * using string arithmetic only. Extra fraction digits are accepted only when they are zeros;
 * at most 15 integer places (spec §9) and the result must be a safe integer.
 *
 * @example
 * parseMoney('1234.5', 'USD'); // { ok: true, minor: 123450 }
 * parseMoney('12.345', 'USD'); // { ok: false, code: 'MONEY_TOO_MANY_DECIMALS', message: '…' }
 * parseMoney('1500', 'JPY');   // { ok: true, minor: 1500 }
 */
export function parseMoney(text: string | number, currency: string): ParseMoneyResult {
  let digits: number;
  try {
    digits = currencyInfo(currency).minorDigits;
  } catch {
    return fail('UNSUPPORTED_CURRENCY');
  }
  if (typeof text === 'number' && !Number.isFinite(text)) return fail('INVALID_MONEY');
  if (typeof text !== 'string' && typeof text !== 'number') return fail('INVALID_MONEY');
  const parsed = parseDecimal(String(text).trim(), { exponent: false });
  if (!parsed) return fail('INVALID_MONEY');
  const negative = parsed.coef < 0n;
  const magnitude = negative ? -parsed.coef : parsed.coef;
  const scaleDigits = 10n ** BigInt(parsed.scale);
  if ((magnitude / scaleDigits).toString().length > MAX_INTEGER_PLACES) return fail('MONEY_TOO_LARGE');
  // Extra fraction digits are fine only when they are zeros ("12.500" for USD).
  const excess = parsed.scale > digits ? 10n ** BigInt(parsed.scale - digits) : 1n;
  if (magnitude % excess !== 0n) return fail('MONEY_TOO_MANY_DECIMALS');
  const minorBig =
    parsed.scale > digits ? magnitude / excess : magnitude * 10n ** BigInt(digits - parsed.scale);
  const minor = Number(minorBig);
  if (!Number.isSafeInteger(minor)) return fail('MONEY_TOO_LARGE');
  return { ok: true, minor: negative && minor !== 0 ? -minor : minor };
}
