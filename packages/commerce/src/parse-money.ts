import { MAX_INTEGER_PLACES } from './constants';
import { currencyInfo } from './currencies';
import { MONEY_ERRORS, fillMessage } from './errors';
import { parseDecimal } from './parse-decimal';

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
  const parts = parseDecimal(String(text));
  if (!parts) return fail('INVALID_MONEY');
  if (parts.integer.length > MAX_INTEGER_PLACES) return fail('MONEY_TOO_LARGE');
  const kept = parts.fraction.slice(0, digits);
  if (/[^0]/.test(parts.fraction.slice(digits))) return fail('MONEY_TOO_MANY_DECIMALS');
  const minorDigits = (parts.integer + kept.padEnd(digits, '0')).replace(/^0+/, '') || '0';
  const minor = Number(minorDigits);
  if (!Number.isSafeInteger(minor)) return fail('MONEY_TOO_LARGE');
  return { ok: true, minor: parts.negative && minor !== 0 ? -minor : minor };
}
