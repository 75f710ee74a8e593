import { MAX_INTEGER_PLACES } from '../constants';
import { currencyInfo } from './currencies';
import { CommerceError } from '../messages/money';

/**
 * Minor units as a plain decimal string in major units, with exactly the currency's minor digits
 * ("." separator, no grouping). This is the `value` / `decimalValue` of API money objects.
 *
 * @example
 * minorToDecimal(123450, 'USD'); // "1234.50"
 * minorToDecimal(-5, 'EUR');     // "-0.05"
 * minorToDecimal(1500, 'JPY');   // "1500"
 */
export function minorToDecimal(minor: number, currency: string): string {
  if (!Number.isSafeInteger(minor)) throw new CommerceError('INVALID_MINOR_UNITS');
  const { minorDigits } = currencyInfo(currency);
  const sign = minor < 0 ? '-' : '';
  const digits = String(Math.abs(minor)).padStart(minorDigits + 1, '0');
  // Spec §9 caps money at 15 integer places; only JPY (0 minor digits) can reach 16 as a safe integer.
  if (digits.length - minorDigits > MAX_INTEGER_PLACES) throw new CommerceError('MONEY_TOO_LARGE');
  if (minorDigits === 0) return sign + digits;
  return `${sign}${digits.slice(0, -minorDigits)}.${digits.slice(-minorDigits)}`;
}
